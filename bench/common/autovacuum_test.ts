import assert from "node:assert/strict";
import {
  dueFor,
  runsBetween,
  type TableCounters,
  tableSettings,
  throttleOf,
  vacuumSentence,
  type VacuumSettings,
} from "./autovacuum.ts";

// PostgreSQL 15's defaults.
const DEFAULTS: VacuumSettings = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  insertThreshold: 1000,
  insertScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  costDelayMs: 2,
  costLimit: -1,
  vacuumCostDelayMs: 0,
  vacuumCostLimit: 200,
};

const table = (t: Partial<TableCounters>): TableCounters => ({
  table: "public.t",
  tuples: 1000,
  deadTuples: 0,
  insertedSinceVacuum: 0,
  modifiedSinceAnalyze: 0,
  options: [],
  ...t,
});

Deno.test("autovacuum's rule: dead tuples past 50 + 20% of the table call for a vacuum", () => {
  assert.equal(dueFor(table({ deadTuples: 250 }), DEFAULTS), undefined);
  assert.equal(dueFor(table({ deadTuples: 251 }), DEFAULTS), "vacuum");
  // Never vacuumed nor analysed (reltuples -1): the threshold alone.
  assert.equal(dueFor(table({ tuples: -1, deadTuples: 51 }), DEFAULTS), "vacuum");
});

Deno.test("autovacuum's rule: inserts past 1000 + 20% call for a vacuum; -1 turns that off", () => {
  assert.equal(dueFor(table({ insertedSinceVacuum: 1200 }), DEFAULTS), undefined);
  assert.equal(dueFor(table({ insertedSinceVacuum: 1201 }), DEFAULTS), "vacuum");
  assert.equal(
    dueFor(table({ insertedSinceVacuum: 10 ** 6 }), { ...DEFAULTS, insertThreshold: -1 }),
    undefined,
  );
});

Deno.test("autovacuum's rule: changes past 50 + 10% call for an analysis alone", () => {
  assert.equal(dueFor(table({ modifiedSinceAnalyze: 150 }), DEFAULTS), undefined);
  assert.equal(dueFor(table({ modifiedSinceAnalyze: 151 }), DEFAULTS), "analyze");
  // A vacuum analyses too: one is enough.
  assert.equal(dueFor(table({ modifiedSinceAnalyze: 151, deadTuples: 251 }), DEFAULTS), "vacuum");
});

Deno.test("a table's storage parameters override the server's settings", () => {
  const options = ["autovacuum_vacuum_scale_factor=0", "autovacuum_vacuum_threshold=1000"];
  assert.equal(dueFor(table({ tuples: 10 ** 6, deadTuples: 1001, options }), DEFAULTS), "vacuum");
  assert.equal(dueFor(table({ tuples: 10 ** 6, deadTuples: 1001 }), DEFAULTS), undefined);
  assert.deepEqual(
    tableSettings(DEFAULTS, ["fillfactor=90", "autovacuum_analyze_threshold=x"]),
    DEFAULTS,
  );
});

Deno.test("the stand-in sleeps as autovacuum does: its cost settings, VACUUM's where they are -1", () => {
  // A manual VACUUM's own delay is 0: autovacuum's 2 ms, with VACUUM's limit of 200.
  assert.deepEqual(throttleOf(DEFAULTS), { delayMs: 2, limit: 200 });
  assert.deepEqual(
    throttleOf({ ...DEFAULTS, costDelayMs: -1, costLimit: 1000, vacuumCostDelayMs: 5 }),
    { delayMs: 5, limit: 1000 },
  );
  // A table's storage parameters over the server's.
  const options = ["autovacuum_vacuum_cost_delay=0", "autovacuum_vacuum_cost_limit=2000"];
  assert.deepEqual(throttleOf(tableSettings(DEFAULTS, options)), { delayMs: 0, limit: 2000 });
});

Deno.test("the reports' sentence on vacuum names what the stand-in ran, or the server's own", () => {
  assert.match(
    vacuumSentence({ vacuums: 122, analyses: 69, seconds: 43.5 }),
    /without autovacuum.*122 vacuums and 69 analyses, 43\.5 s in all\.$/,
  );
  assert.match(
    vacuumSentence({ vacuums: 3, analyses: 1, seconds: 2, throttle: { delayMs: 2, limit: 200 } }),
    /3 vacuums and 1 analyses, 2 s in all, each throttled as autovacuum is \(2 ms of sleep per 200 cost units\)\.$/,
  );
  assert.equal(vacuumSentence(null), "The server's autovacuum ran.");
});

Deno.test("runsBetween: the runs overlapping a span, one still going counting as going on", () => {
  const runs = [
    { table: "public.jobs", kind: "vacuum" as const, startedAt: 1_000, endedAt: 2_000 },
    { table: "public.outbox", kind: "analyze" as const, startedAt: 2_500, endedAt: 3_000 },
    { table: "public.matches", kind: "vacuum" as const, startedAt: 4_000 },
  ];
  assert.deepEqual(runsBetween(runs, 1_500, 2_600).map((r) => r.table), [
    "public.jobs",
    "public.outbox",
  ]);
  assert.deepEqual(runsBetween(runs, 2_000, 2_500), []);
  assert.deepEqual(runsBetween(runs, 9_000, 10_000).map((r) => r.table), ["public.matches"]);
});
