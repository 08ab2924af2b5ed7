import assert from "node:assert/strict";
import fc from "fast-check";
import { appSettings, loadEdgeConfig } from "@hire/edge-service/config.ts";
import { buildOpenApiDocument } from "@hire/edge-service/openapi/document.ts";
import { jobBody } from "../stack.ts";
import { operationsOf } from "./openapi_operations.ts";
import { type FuzzContext, requestArbitrary } from "./request_arbitrary.ts";

const doc = buildOpenApiDocument({ ...appSettings(loadEdgeConfig({})), decisions: "" });
const operations = operationsOf(doc);
const context: FuzzContext = {
  ids: { job: ["job_01ARZ3NDEKTSV4RRFFQ69G5FAV"], wh: ["wh_01ARZ3NDEKTSV4RRFFQ69G5FAV"] },
  hints: { city: ["Riyadh"] },
  examples: { "POST /v1/partner/jobs": [jobBody()] },
  methodsByPath: Object.fromEntries(
    operations.map((
      o,
    ) => [o.path, operations.filter((p) => p.path === o.path).map((p) => p.method)]),
  ),
};

Deno.test("requestArbitrary makes requests of the operation's path, and claims a refusal only with a reason", () => {
  for (const op of operations) {
    const prefix = op.path.split("{")[0]!;
    fc.assert(
      fc.property(requestArbitrary(op, context), (c) => {
        assert.equal(c.operation, op.id);
        assert.ok(
          c.request.target.startsWith(prefix),
          `${op.id}: ${c.request.target.slice(0, 80)}`,
        );
        const own = c.request.method === op.method && c.sender.as === "partner";
        if (c.mode === "valid" && own) {
          // Only the transport (bytes, media type) can make a valid request one to refuse.
          for (const why of c.mustRefuse) assert.match(why, /^(body is|media type)/, op.id);
        }
      }),
      { numRuns: 40 },
    );
  }
});

Deno.test("requestArbitrary claims a refusal for a missing key and, where the document lists 403, for Sandbox", () => {
  for (const op of operations) {
    fc.assert(
      fc.property(requestArbitrary(op, context), (c) => {
        const keyless = c.sender.as === "nobody" || c.sender.as === "garbage";
        assert.equal(c.mustRefuse.includes("no valid key"), keyless && !op.public, op.id);
        const gated = c.sender.as === "sandbox" && op.statuses.includes("403");
        assert.equal(c.mustRefuse.includes("Sandbox plan"), gated, op.id);
      }),
      { numRuns: 40 },
    );
  }
  // Bulk create and every webhook endpoint are the gated ones.
  const gated = operations.filter((o) => o.statuses.includes("403")).map((o) => o.id);
  assert.ok(gated.includes("POST /v1/partner/jobs/bulk"));
  assert.ok(gated.includes("GET /v1/partner/webhooks"));
  assert.ok(!gated.includes("POST /v1/partner/jobs"));
});
