import assert from "node:assert/strict";
import { Hono } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError, problemResponse } from "../problem.ts";
import { escapesSpellUtf8, refuseBadQueryText } from "./query_text.ts";

Deno.test("escapesSpellUtf8 accepts escaped UTF-8 and stray percent signs, not other bytes", () => {
  for (const ok of ["abc", "%D8%B1%D9%8A", "100%", "%ZZ", "%", "a%2Fb", "%F0%9F%98%80"]) {
    assert.ok(escapesSpellUtf8(ok), ok);
  }
  for (const bad of ["%FF", "a%E9", "%C0%80", "%ED%A0%80", "%F4%90%80%80", "%D8"]) {
    assert.ok(!escapesSpellUtf8(bad), bad);
  }
});

function app() {
  const app = new Hono<EdgeEnv>();
  app.use("*", refuseBadQueryText());
  app.get("/", (c) => c.json(c.req.queries()));
  app.onError((err) => {
    if (err instanceof ApiError) return problemResponse(err, "req_test", "https://example.sa");
    throw err;
  });
  return app;
}

Deno.test("refuseBadQueryText refuses a parameter whose escapes are not UTF-8, naming it", async () => {
  // The router would have kept "%ED%A0%80" as its literal text and filtered by it.
  const res = await app().request("/?event_id=%ED%A0%80&limit=5&city=a%FF");
  assert.equal(res.status, 422);
  const problem = await res.json();
  assert.deepEqual(problem.errors.map((e: { field: string }) => e.field).sort(), [
    "/query/city",
    "/query/event_id",
  ]);
  assert.ok(problem.errors.every((e: { code: string }) => e.code === "invalid_characters"));
});

Deno.test("refuseBadQueryText passes escaped Arabic, a stray % and plain values on", async () => {
  const res = await app().request("/?city=%D8%AC%D8%AF%D8%A9&q=100%25&x=%ZZ");
  assert.equal(res.status, 200);
  assert.equal((await res.json()).city[0], "جدة");
});
