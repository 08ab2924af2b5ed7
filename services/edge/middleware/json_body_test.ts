import assert from "node:assert/strict";
import { Hono } from "hono";
import { validator } from "hono/validator";
import type { EdgeEnv } from "../env.ts";
import { ApiError, problemResponse } from "../problem.ts";
import { jsonBody } from "./json_body.ts";

/** An app that answers the JSON body it read, and a problem document for an ApiError. */
function echoApp() {
  const app = new Hono<EdgeEnv>();
  const [limit, accept, inspect] = jsonBody(1024);
  app.post("/", limit!, accept!, inspect!, async (c) => c.json(await c.req.json()));
  app.onError((err) => {
    if (err instanceof ApiError) return problemResponse(err, "req_test", "https://example.sa");
    throw err;
  });
  return app;
}

const post = (body: Uint8Array<ArrayBuffer>, type = "application/json") =>
  echoApp().request("/", { method: "POST", headers: { "content-type": type }, body });

const utf8 = (s: string) => new TextEncoder().encode(s) as Uint8Array<ArrayBuffer>;

Deno.test("jsonBody refuses a body that is not UTF-8 with 400 instead of replacing the bytes", async () => {
  const cases = [
    [0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d], // {"t":"\xFF"}
    [...utf8('{"t":"'), 0xc0, 0x80, ...utf8('"}')], // an overlong NUL
    [...utf8('{"t":"'), 0xed, 0xa0, 0x80, ...utf8('"}')], // a surrogate spelt in UTF-8
    [...utf8('{"t":"'), 0xe9, ...utf8('t\u00e9"}').slice(1)], // latin1 é
  ];
  for (const bytes of cases) {
    const res = await post(new Uint8Array(bytes));
    assert.equal(res.status, 400, JSON.stringify(bytes));
    const problem = await res.json();
    assert.equal(problem.code, "partner.malformed_json");
    assert.equal(problem.detail, "The request body is not UTF-8 text.");
    assert.match(problem.messageAr, /[\u0600-\u06FF]/);
  }
});

Deno.test("jsonBody reads UTF-8 as sent, Arabic and emoji included, and drops a leading BOM", async () => {
  const text = { title: "ممرضة عناية مركزة 😀", note: "\uFFFD stays" };
  const plain = await post(utf8(JSON.stringify(text)));
  assert.deepEqual(await plain.json(), text);
  const withBom = await post(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(JSON.stringify(text))]));
  assert.deepEqual(await withBom.json(), text);
});

Deno.test("jsonBody still answers 400 without the UTF-8 detail for text that is not JSON", async () => {
  const res = await post(utf8('{"title": '));
  assert.equal(res.status, 400);
  assert.equal((await res.json()).detail, "The request body is not valid JSON.");
});

Deno.test("jsonBody answers 413 for a body over the limit sent without a length", async () => {
  // Chunked: the limit is found while the body is read, not from Content-Length.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(utf8(`{"t":"${"x".repeat(2_000)}"}`));
      controller.close();
    },
  });
  const res = await echoApp().request("/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  assert.equal(res.status, 413);
  assert.equal((await res.json()).code, "partner.payload_too_large");
});

Deno.test("jsonBody parses the body once: the validator and the route read the value it parsed", async () => {
  const app = new Hono<EdgeEnv>();
  const [limit, accept, inspect] = jsonBody(1024);
  let validated: unknown;
  const validate = validator("json", (v) => (validated = v));
  app.post("/", limit!, accept!, inspect!, validate, async (c) => {
    const [first, second] = [await c.req.json(), await c.req.json()];
    return c.json({
      same: first === second && first === validated,
      text: await c.req.text(),
    });
  });
  const body = '{"title":"ممرضة"}';
  const headers = { "content-type": "application/json" };
  const res = await app.request("/", { method: "POST", headers, body });
  assert.deepEqual(await res.json(), { same: true, text: body });
});
