import assert from "node:assert/strict";
import {
  cpuPerRequest,
  createStages,
  ratioRows,
  type RunFigures,
  type Scenario,
} from "./figures.ts";
import { STOLEN } from "../common/cpu.ts";

const run = (rps: number, p50: number, p99: number): RunFigures => ({
  requests_per_sec: rps,
  p50_ms: p50,
  p99_ms: p99,
});

const RUNS: Record<Scenario, RunFigures> = {
  "bare": run(100_000, 0.5, 1),
  "point-query": run(10_000, 4, 10),
  "insert": run(8_000, 5, 20),
  "retrieve": run(8_000, 5, 15),
  "create": run(800, 60, 120),
  "retrieve-whole": run(7_000, 6, 16),
  "create-whole": run(1_600, 30, 140),
};

Deno.test("ratioRows divides every run by the bare handler", () => {
  const rows = ratioRows(RUNS);
  assert.deepEqual(rows.map((r) => r.scenario), [
    "bare",
    "point-query",
    "insert",
    "retrieve",
    "create",
    "retrieve-whole",
    "create-whole",
  ]);
  assert.deepEqual(rows[0]!.vs_bare, { rps: 1, p50: 1, p99: 1 });
  assert.deepEqual(rows[1]!.vs_bare, { rps: 0.1, p50: 8, p99: 10 });
  assert.equal(rows[1]!.vs_minimal, undefined);
  assert.equal(rows[1]!.target, undefined);
});

Deno.test("ratioRows compares retrieve with the point query and create with the insert", () => {
  const [, , , retrieve, create] = ratioRows(RUNS);
  assert.deepEqual(retrieve!.vs_minimal, { against: "point-query", rps: 0.8, p50: 1.25, p99: 1.5 });
  assert.deepEqual(create!.vs_minimal, { against: "insert", rps: 0.1, p50: 12, p99: 6 });
  assert.deepEqual(retrieve!.target, { min_ratio: 1, max_p99_ms: 10, met: false });
  assert.deepEqual(create!.target, { min_ratio: 0.3, max_p99_ms: 100, met: false });
});

Deno.test("ratioRows meets a target only with both the ratio and the p99 within it", () => {
  const fast = { ...RUNS, create: run(2_400, 30, 90), retrieve: run(12_000, 3, 11) };
  const [, , , retrieve, create] = ratioRows(fast);
  assert.equal(create!.target!.met, true);
  assert.equal(retrieve!.target!.met, false); // 1.2× the point query, but p99 11 ms
});

Deno.test("cpuPerRequest turns % of a core over the run into ms per request", () => {
  const per = cpuPerRequest({
    requests: 20_000,
    elapsed_s: 20,
    cpu: { groups: [{ group: "edge (deno)", corePct: 100 }, { group: "postgres", corePct: 50 }] },
  });
  assert.deepEqual(per, [{ group: "edge (deno)", ms: 1 }, { group: "postgres", ms: 0.5 }]);
  assert.deepEqual(cpuPerRequest({ requests: 0, elapsed_s: 1, cpu: { groups: [] } }), []);
});

Deno.test("createStages splits each create at the command and the transaction's start", () => {
  const stages = createStages([
    { sentMs: 0, issuedMs: 2, txStartMs: 5, answeredMs: 9, publishedMs: 12 },
    { sentMs: 100, issuedMs: 101, txStartMs: 104, answeredMs: 106 },
  ]);
  const p50 = Object.fromEntries(stages.map((s) => [s.stage.split(" (")[0], s.stats.p50]));
  assert.deepEqual(p50, {
    "sent → command issued": 1,
    "command issued → job transaction begins": 3,
    "job transaction begins → 201 received": 2,
    "total, as the client sees it": 6,
    "job transaction begins → outbox row published": 7,
  });
  assert.equal(stages[0]!.stats.max, 2);
  assert.equal(stages[4]!.stats.count, 1);
});

Deno.test("the whole system's create is held to a rate and a p99, its retrieve to the point query", () => {
  const rows = ratioRows(RUNS);
  const [retrieve, create] = rows.slice(5);
  assert.deepEqual(retrieve!.target, { min_ratio: 1, max_p99_ms: 10, met: false });
  assert.deepEqual(create!.target, { min_rps: 1500, max_p99_ms: 150, met: true });
  const slow = ratioRows({ ...RUNS, "create-whole": run(1_400, 30, 140) });
  assert.equal(slow[6]!.target!.met, false);
});

const stolen = (figures: RunFigures, corePct: number): RunFigures => ({
  ...figures,
  cpu: { groups: [{ group: "edge (deno)", corePct: 90 }, { group: STOLEN, corePct }] },
});

Deno.test("ratioRows gives no verdict that steal could have turned, and keeps the ones it could not", () => {
  const meeting = { ...RUNS, create: run(2_400, 30, 90) }; // 0.3× the insert, p99 90 ms
  const target = (runs: Record<Scenario, RunFigures>, scenario: Scenario) =>
    ratioRows(runs).find((r) => r.scenario === scenario)!.target!;

  // A slowed yardstick flatters a ratio that met...
  assert.deepEqual(target({ ...meeting, insert: stolen(RUNS.insert, 38) }, "create"), {
    min_ratio: 0.3,
    max_p99_ms: 100,
    met: true,
    not_judged: "the hypervisor took 38% of a core from the insert run",
  });
  const cases: [string, Record<Scenario, RunFigures>, Scenario, string | undefined][] = [
    [
      "a miss against a slowed yardstick stands",
      { ...RUNS, insert: stolen(RUNS.insert, 38) },
      "create",
      undefined,
    ],
    [
      "so does a pass despite steal in our own run",
      { ...meeting, create: stolen(meeting.create, 40) },
      "create",
      undefined,
    ],
    [
      "a miss in a run of ours the hypervisor slowed may be the host's",
      { ...RUNS, "create-whole": stolen(run(1_200, 40, 160), 16) },
      "create-whole",
      "the hypervisor took 16% of a core from this run",
    ],
    [
      "an absolute target has no yardstick to flatter it",
      { ...RUNS, insert: stolen(RUNS.insert, 50) },
      "create-whole",
      undefined,
    ],
    [
      "steal under the threshold is noise",
      { ...meeting, insert: stolen(RUNS.insert, 9) },
      "create",
      undefined,
    ],
  ];
  for (const [why, runs, scenario, notJudged] of cases) {
    assert.equal(target(runs, scenario).not_judged, notJudged, why);
  }
});
