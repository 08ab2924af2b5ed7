/**
 * The API reference on the real stack: the served document is valid OpenAPI 3.1 (checked by
 * a real validator), lists every route of the app and every error code with both messages,
 * and the reference page, its files, the error catalogue and the AsyncAPI document are served
 * without a key. Every response of every test is also checked against the document by the
 * stack itself (testing/conformance.ts).
 */
import assert from "node:assert/strict";
import { createApp, type EdgeDeps } from "@hire/edge-service/app.ts";
import { appSettings, loadEdgeConfig } from "@hire/edge-service/config.ts";
import { ERRORS } from "@hire/errors";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startStack } from "@hire/testing/stack.ts";
import { parse } from "yaml";

const stack = await startStack({ jobService: false });
Deno.test.afterAll(() => stack.stop());

// deno-lint-ignore no-explicit-any
type Json = any;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const { body: doc } = await stack.fetch("/v1/openapi.json");

/** `GET /v1/partner/jobs/{id}` and Hono's `/v1/partner/jobs/:id` both as `/v1/partner/jobs/{}`. */
const normalise = (path: string) => path.replace(/\{[^}]+\}|:[^/]+/g, "{}");

Deno.test("GET /v1/openapi.json answers without a key a document an OpenAPI 3.1 validator accepts", async () => {
  const res = await stack.fetch("/v1/openapi.json");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/json");
  assert.equal(res.body.openapi, "3.1.0");
  assert.deepEqual(res.body.servers, [{ url: "https://jobs.example.sa" }]);
  const result = await new Validator().validate(structuredClone(res.body));
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
});

Deno.test("every route of the app is documented, and every documented operation is served", () => {
  // Only the routing table is read: no handler runs, so the clients can be left out.
  const app = createApp({ ...appSettings(loadEdgeConfig({})), sql: stack.sql } as EdgeDeps);
  const served = new Set<string>();
  const servedPaths = new Set<string>();
  for (const r of app.routes) {
    if (r.path.endsWith("*")) continue; // middleware
    servedPaths.add(normalise(r.path));
    // `ALL` is a path's 405 catch-all: its path must be documented, its method is none.
    if (r.method !== "ALL") served.add(`${r.method} ${normalise(r.path)}`);
  }
  const documented = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const m of METHODS.filter((m) => item[m])) {
      documented.add(`${m.toUpperCase()} ${normalise(path)}`);
    }
  }
  const documentedPaths = new Set([...documented].map((o) => o.split(" ")[1]));
  assert.deepEqual([...served].filter((o) => !documented.has(o)), [], "served, not documented");
  assert.deepEqual([...servedPaths].filter((p) => !documentedPaths.has(p)), [], "paths");
  assert.deepEqual([...documented].filter((o) => !served.has(o)), [], "documented, not served");
});

Deno.test("every error code is documented with its status, both messages, and a response", () => {
  const text: string = doc.info.description;
  const answered = new Set(
    JSON.stringify(doc).match(/"partner\.[a-z_]+"/g)!.map((s) => JSON.parse(s)),
  );
  for (const [code, { message, messageAr }] of Object.entries(ERRORS)) {
    const row = text.split("\n").find((line) => line.includes(`| \`${code}\` |`));
    assert.ok(row, `no row for ${code}`);
    assert.ok(row.includes(message) && row.includes(messageAr), row);
    assert.ok(answered.has(code), `no response answers ${code}`);
  }
});

Deno.test("the reference page and the files it loads are served without a key", async () => {
  const page = await stack.fetch("/docs");
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type") ?? "", /^text\/html/);
  assert.match(page.body, /\/v1\/openapi\.json/);
  const assets = [...(page.body as string).matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)].map((m) =>
    m[1]!
  );
  assert.deepEqual(assets.sort(), ["/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css"]);
  for (const asset of assets) {
    const res = await stack.fetch(asset);
    assert.equal(res.status, 200, asset);
    assert.ok((res.body as string).length > 100_000, `${asset} looks truncated`);
  }
  const missing = await stack.fetch("/docs/nope.js");
  assert.equal(missing.status, 404);
  assert.equal(missing.body.code, "partner.route_not_found");
});

Deno.test("problem types lead to the error catalogue page, one row per code", async () => {
  const res = await stack.fetch("/v1/partner/jobs");
  assert.equal(res.body.type, "https://jobs.example.sa/docs/errors#partner.unauthorized");
  const page = await stack.fetch("/docs/errors");
  assert.equal(page.status, 200);
  const text = (page.body as string).replaceAll("&lt;", "<").replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  for (const [code, { message, messageAr }] of Object.entries(ERRORS)) {
    const row = text.split("\n").find((line) => line.startsWith(`<tr id="${code}">`));
    assert.ok(row?.includes(message) && row.includes(messageAr), code);
  }
});

Deno.test("the AsyncAPI document of the Kafka topics is served beside it", async () => {
  assert.equal(doc["x-asyncapi"], "/v1/asyncapi.yaml");
  const res = await stack.fetch("/v1/asyncapi.yaml");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/yaml");
  assert.equal(
    res.body,
    await Deno.readTextFile(new URL("../docs/asyncapi.yaml", import.meta.url)),
  );
  assert.match(res.body, /^asyncapi: 3\.0\.0$/m);
  // The data team's contract: the public topics, and nothing of the internal network.
  const served = parse(res.body) as { servers?: unknown; channels: Record<string, unknown> };
  assert.equal(served.servers, undefined, "no broker addresses");
  assert.deepEqual(
    Object.values(served.channels).map((c) => (c as { address: string }).address).sort(),
    ["jobs.events.v1", "seekers.v1"],
  );
  for (
    const internal of [
      "jobs.commands",
      "jobs.changed",
      "embeddings.ready",
      "webhooks.retry",
      "webhooks.dead",
    ]
  ) {
    assert.ok(!res.body.includes(internal), `the served document names ${internal}`);
  }
});

Deno.test("a method the reference does not have answers 405, as everywhere else", async () => {
  const res = await stack.fetch("/v1/openapi.json", { method: "POST" });
  assert.equal(res.status, 405);
  assert.equal(res.headers.get("allow"), "GET");
});
