import assert from "node:assert/strict";
import { statementsMarkdown } from "./statements_report.ts";
import { TEST_MACHINE } from "./machine_fixture.ts";

Deno.test("statementsMarkdown frames the figures with the run's date, commit, raw file and machine", () => {
  const md = statementsMarkdown("purge-scale", "What a purge costs", {
    at: "2026-12-01T07:40:00.000Z",
    commit: "647957a",
    config: {},
    rows: [],
    machine: TEST_MACHINE,
  }, "BODY");
  const [title, , measured, raw, , body, , machineHeading] = md.split("\n");
  assert.equal(title, "# What a purge costs");
  assert.equal(
    measured,
    "Measured on 2026-12-01 (2026-12-01T07:40:00.000Z) with `deno task bench:purge-scale`, commit 647957a.",
  );
  assert.equal(raw, "Raw figures: `purge-scale-2026-12-01.json`.");
  assert.equal(body, "BODY");
  assert.equal(machineHeading, "## Machine");
  assert.match(md, /\| CPU vector extensions \| avx2 \|/);
  assert.ok(md.endsWith("|\n"));
});
