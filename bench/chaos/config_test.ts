import assert from "node:assert/strict";
import { parseScenarios, SCENARIOS } from "./config.ts";

Deno.test("config: every scenario by default, in the suite's order", () => {
  assert.deepEqual(parseScenarios([]), [...SCENARIOS]);
});

Deno.test("config: --scenario picks some, comma-separated or repeated, in the suite's order", () => {
  assert.deepEqual(parseScenarios(["--scenario", "edge"]), ["edge"]);
  assert.deepEqual(parseScenarios(["--scenario", "edge,broker"]), ["broker", "edge"]);
  assert.deepEqual(parseScenarios(["--scenario=job", "--scenario", "deliver"]), ["job", "deliver"]);
});

Deno.test("config: an unknown scenario or argument is refused, naming the known ones", () => {
  assert.throws(
    () => parseScenarios(["--scenario", "kafka"]),
    /unknown scenario "kafka"; known: broker/,
  );
  assert.throws(() => parseScenarios(["--fast"]));
  assert.throws(() => parseScenarios(["edge"]));
});
