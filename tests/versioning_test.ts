/**
 * Versions: `/v1` is the only one; any other answers a bilingual 404. Once the operator
 * announces v1's end, every `/v1` response, refusals included, says when.
 */
import assert from "node:assert/strict";
import { startStack } from "@hire/testing/stack.ts";

Deno.test("an unknown version answers 404 partner.version_not_found, with or without a key", async () => {
  const stack = await startStack({ jobService: false });
  try {
    const partner = await stack.partner();
    for (const path of ["/v2/partner/jobs", "/v0", "/v12/partner/webhooks/wh_x"]) {
      for (const res of [await partner.call("GET", path), await stack.fetch(path)]) {
        assert.equal(res.status, 404, path);
        assert.equal(res.headers.get("content-type"), "application/problem+json");
        assert.equal(res.body.code, "partner.version_not_found");
        assert.match(res.body.detail, new RegExp(`${path.split("/")[1]} does not exist`));
        assert.match(res.body.message, /current version is v1/);
        assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
      }
    }
    // v1 is served as before and announces no end.
    const v1 = await partner.call("GET", "/v1/partner/jobs");
    assert.equal(v1.status, 200);
    assert.equal(v1.headers.get("deprecation"), null);
    assert.equal(v1.headers.get("sunset"), null);
  } finally {
    await stack.stop();
  }
});

Deno.test("a deprecated v1 says so on every response: Deprecation, Sunset and Link", async () => {
  const link = "https://jobs.example.sa/docs/migrating-to-v2";
  const stack = await startStack({
    jobService: false,
    edgeEnv: {
      API_V1_DEPRECATED_AT: "2027-03-01T00:00:00Z",
      API_V1_SUNSET_AT: "2028-03-01T00:00:00Z",
      API_V1_DEPRECATION_LINK: link,
    },
  });
  try {
    const partner = await stack.partner();
    const responses = [
      await partner.call("GET", "/v1/partner/jobs"),
      await partner.call("GET", "/v1/partner/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV"),
      await stack.fetch("/v1/partner/jobs"), // 401
    ];
    assert.deepEqual(responses.map((r) => r.status), [200, 404, 401]);
    for (const res of responses) {
      assert.equal(res.headers.get("deprecation"), "@1803859200");
      assert.equal(res.headers.get("sunset"), "Wed, 01 Mar 2028 00:00:00 GMT");
      assert.equal(
        res.headers.get("link"),
        `<${link}>; rel="deprecation"; type="text/html", <${link}>; rel="sunset"; type="text/html"`,
      );
    }
    // Outside /v1 nothing is deprecated.
    assert.equal((await stack.fetch("/healthz")).headers.get("deprecation"), null);
  } finally {
    await stack.stop();
  }
});
