import assert from "node:assert/strict";
import { Hono } from "hono";
import { setResponseHeaders } from "./response_headers.ts";

Deno.test("setResponseHeaders adds to the response the handler made, keeping its body and status", async () => {
  const app = new Hono();
  let made: Response | undefined;
  app.use("*", async (c, next) => {
    await next();
    setResponseHeaders(c, [["X-One", "1"], ["Cache-Control", "no-store"]]);
  });
  app.get("/", (c) => {
    c.header("X-Own", "kept");
    made = c.json({ ok: true }, 201);
    return made;
  });
  const res = await app.request("/");
  assert.equal(res, made, "the same response, not a copy");
  assert.equal(res.status, 201);
  assert.deepEqual(
    ["x-one", "cache-control", "x-own"].map((h) => res.headers.get(h)),
    ["1", "no-store", "kept"],
  );
  assert.deepEqual(await res.json(), { ok: true });
});

Deno.test("setResponseHeaders falls back to a copy when the response's headers are immutable", async () => {
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    setResponseHeaders(c, [["X-One", "1"]]);
  });
  // Response.error() has immutable headers; a redirect from Response.redirect() too.
  app.get("/", () => Response.redirect("https://example.sa/", 302));
  const res = await app.request("/");
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("x-one"), "1");
  assert.equal(res.headers.get("location"), "https://example.sa/");
});
