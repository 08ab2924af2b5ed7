import assert from "node:assert/strict";
import { loadPipelineConfig } from "./config.ts";

Deno.test("the profiled service is named by its short name, none by default, and a wrong name stops the run at start", () => {
  assert.equal(loadPipelineConfig({}).BENCH_PIPELINE_PROFILE, "");
  assert.equal(
    loadPipelineConfig({ BENCH_PIPELINE_PROFILE: "embed" }).BENCH_PIPELINE_PROFILE,
    "embed",
  );
  for (const bad of ["1", "matching"]) {
    assert.throws(
      () => loadPipelineConfig({ BENCH_PIPELINE_PROFILE: bad }),
      /BENCH_PIPELINE_PROFILE/,
    );
  }
});
