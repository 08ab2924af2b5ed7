import assert from "node:assert/strict";
import { minimalApp } from "./minimal.ts";

Deno.test("the bare handler answers the same constant job for any id", async () => {
  const app = minimalApp("bare");
  const a = await app.request("/v1/partner/jobs/job_A");
  const b = await app.request("/v1/partner/jobs/job_B");
  assert.equal(a.status, 200);
  assert.match(a.headers.get("content-type") ?? "", /^application\/json/);
  assert.deepEqual(await a.json(), await b.json());
});

Deno.test("the bare handler answers a create with the same constant job, 201", async () => {
  const app = minimalApp("bare");
  const created = await app.request("/v1/partner/jobs", { method: "POST", body: "{}" });
  assert.equal(created.status, 201);
  assert.deepEqual(await created.json(), await (await app.request("/v1/partner/jobs/x")).json());
});

Deno.test("the handlers that query need a database", () => {
  assert.throws(() => minimalApp("point-query"), /needs a database/);
  assert.throws(() => minimalApp("insert"), /needs a database/);
});
