import assert from "node:assert/strict";
import { startStack } from "@hire/testing/stack.ts";

const stack = await startStack();
Deno.test.afterAll(() => stack.stop());

Deno.test("responses that carry a webhook secret are never to be stored", async () => {
  const partner = await stack.partner();
  const registered = await partner.call("POST", "/v1/partner/webhooks", {
    url: "https://hooks.example.com/jobs",
    events: ["job.created"],
  });
  assert.equal(registered.status, 201);
  assert.match(registered.body.secret, /^whsec_/);
  assert.equal(registered.headers.get("cache-control"), "no-store");

  const rotated = await partner.call(
    "POST",
    `/v1/partner/webhooks/${registered.body.id}/rotate-secret`,
  );
  assert.equal(rotated.status, 200);
  assert.notEqual(rotated.body.secret, registered.body.secret);
  assert.equal(rotated.headers.get("cache-control"), "no-store");
});

Deno.test("every partner API response is no-store, refusals included; the reference is not", async () => {
  const partner = await stack.partner();
  const sandbox = await stack.partner("sandbox");
  const answers = [
    await partner.call("GET", "/v1/partner/jobs"),
    await partner.call("GET", "/v1/partner/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV"),
    await partner.call("PUT", "/v1/partner/jobs"),
    await sandbox.call("GET", "/v1/partner/webhooks"),
    await stack.fetch("/v1/partner/jobs"),
  ];
  assert.deepEqual(answers.map((r) => r.status), [200, 404, 405, 403, 401]);
  for (const res of answers) assert.equal(res.headers.get("cache-control"), "no-store");
  for (const path of ["/v1/openapi.json", "/readyz"]) {
    assert.notEqual((await stack.fetch(path)).headers.get("cache-control"), "no-store", path);
  }
});
