/**
 * The short seeded run of the property-based fuzz (`deno task fuzz` runs the long one):
 * requests generated from the API document the edge serves, for every operation, valid,
 * boundary and hostile, from the partner, a Sandbox partner and nobody. Every answer is as
 * documented (no 5xx, every error a bilingual problem document of the catalogue, nothing
 * the document refuses accepted, the document's schemas), and the system stays ready
 * (issue 13; `testing/fuzz/`).
 */
import assert from "node:assert/strict";
import { FUZZ_EDGE_ENV, prepareTarget, runFuzz } from "@hire/testing/fuzz/fuzz_run.ts";
import { startStack } from "@hire/testing/stack.ts";

const SEED = 1311;

const stack = await startStack({ commandTimeoutMs: 20_000, edgeEnv: FUZZ_EDGE_ENV });
Deno.test.afterAll(() => stack.stop());

Deno.test("a seeded fuzz run of every operation finds every answer as documented and the system ready", async () => {
  const report = await runFuzz(await prepareTarget(stack), {
    seed: SEED,
    runs: 750,
    checkEvery: 150,
  });
  const problems = report.failures.map((f) =>
    [`${f.operation}: ${f.message}`, f.counterexample, f.reproduce].filter(Boolean).join("\n")
  );
  assert.deepEqual(problems, [], `seed ${SEED}:\n${problems.join("\n\n")}`);
  // Every operation of the document had its share, and the health checks ran between.
  const counts = Object.entries(report.operations);
  assert.ok(counts.length >= 20, `${counts.length} operations`);
  for (const [op, { requests }] of counts) assert.ok(requests >= 30, `${op}: ${requests}`);
  assert.ok(report.healthChecks >= 4);
});
