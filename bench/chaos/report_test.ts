import assert from "node:assert/strict";
import { readChaosConfig } from "./config.ts";
import { chaosMarkdown, type ChaosReport, figuresTable, scenarioSection } from "./report.ts";
import type { ScenarioResult } from "./scenarios.ts";
import { TEST_MACHINE } from "../common/machine_fixture.ts";

const stats = { count: 3, p50: 20, p95: 90, p99: 95, max: 100 };

function result(extra: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    scenario: "edge",
    fault: "kill -9 123 (edge)",
    timeline: { killed_s: 8, restarted_s: 16, load_stopped_s: 28, load_done_s: 70, quiet_s: 71 },
    answers: {
      requests: 108,
      ok_2xx: 56,
      s503: 0,
      other: { "409": 28 },
      connection_errors: 24,
      timeouts: 0,
    },
    outcomes: {
      creates: { acked: 43, unknown: 0, refused: 0, in_doubt: 4 },
      patches: { acked: 13, unknown: 0, refused: 0 },
    },
    restart_ms: 5,
    ready_after_restart_ms: 271,
    edge_readyz_not_ready_ms: 8520,
    api_outage_ms: 11_054,
    backlog_done_after_restart_ms: null,
    quiet_after_load_ms: 10,
    event_to_delivery_ms: stats,
    duplicates: { api_replays: 2, database: 0, kafka: 1, webhook: 3 },
    checked: { jobs: 43, events: 103, delivered: 103 },
    violations: [],
    passed: true,
    ...extra,
  };
}

Deno.test("report: one table row per scenario with its figures and verdict", () => {
  const table = figuresTable([
    result(),
    result({ scenario: "job", passed: false, violations: [{ rule: "create_lost", detail: "x" }] }),
  ]);
  const rows = table.split("\n");
  assert.equal(rows.length, 4);
  assert.equal(
    rows[2],
    "| edge | 108 | 56 | 0 | 409×28 | 24 | 43 | 11.1 s | 0.3 s | never | 0.1 s | 2 / 0 / 1 / 3 | passed |",
  );
  assert.match(rows[3]!, /^\| job .*\| FAILED \(1\) \|$/);
});

Deno.test("report: a scenario's section names every broken promise, at most 20 in full", () => {
  const violations = Array.from({ length: 23 }, (_, i) => ({
    rule: "webhook_missed",
    detail: `job.created evt_${i}`,
  }));
  const text = scenarioSection(result({ violations, passed: false }));
  assert.match(text, /4 of them after an attempt without an answer/);
  assert.match(text, /- `webhook_missed`: job.created evt_19\n- … and 3 more \(in the JSON\)\.$/);
  assert.doesNotMatch(text, /evt_20/);
});

Deno.test("report: the summary says which scenarios failed, or why the run stopped", () => {
  const report: ChaosReport = {
    date: "2026-11-24",
    generated_at: "2026-11-24T11:04:00.502Z",
    config: readChaosConfig([]),
    machine: TEST_MACHINE,
    commit: "abc1234",
    results: [result(), result({ scenario: "job", passed: false })],
    run_s: 354,
  };
  assert.match(chaosMarkdown(report, "chaos-2026-11-24.json"), /\*\*Failed: job\.\*\*/);
  const passed = chaosMarkdown({ ...report, results: [result()] }, "x.json");
  assert.match(passed, /Every scenario kept every promise checked\./);
  assert.match(passed, /5\.9 minutes in all/);
  const stopped = chaosMarkdown({ ...report, aborted: "the broker did not start" }, "x.json");
  assert.match(stopped, /\*\*The run stopped early: the broker did not start\*\*/);
});
