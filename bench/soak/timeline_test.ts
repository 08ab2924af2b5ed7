import assert from "node:assert/strict";
import { slowWindows, type Tick, timelineWindows, typicalWindow } from "./timeline.ts";
import { timelineMarkdown } from "./report.ts";

const T0 = 1_000_000;

const tick = (s: number, over: Partial<Tick> = {}): Tick => ({
  at: T0 + s * 1000,
  busyPct: 50,
  groups: { postgres: 40, "edge (deno)": 20 },
  pressure: { cpu: 10, io: 0, memory: 0 },
  waits: { "client backend: on CPU": 1 },
  walBytes: 2 ** 20,
  ...over,
});

const job = (createdS: number, readyMs: number | null, matchMs: number | null) => ({
  createdAt: T0 + createdS * 1000,
  readyAt: readyMs === null ? null : T0 + createdS * 1000 + readyMs,
  firstMatchAt: readyMs === null || matchMs === null
    ? null
    : T0 + createdS * 1000 + readyMs + matchMs,
});

Deno.test("timelineWindows: jobs by the window they were created in, samples by the window they were taken in", () => {
  const ticks = [
    tick(1),
    tick(2, { busyPct: 70, groups: { postgres: 80 }, waits: {} }),
    tick(11, { pressure: { cpu: 30, io: 20, memory: 0 }, walBytes: 4 * 2 ** 20 }),
  ];
  const jobs = [job(0.5, 200, 100), job(9.9, 400, null), job(12, 3000, 50), job(12, null, null)];
  const [first, second] = timelineWindows(
    { startedAt: T0, endedAt: T0 + 20_000, windowS: 10 },
    ticks,
    jobs,
  );
  assert.equal(first!.created, 2);
  assert.equal(first!.toReadyP95, 400);
  assert.equal(first!.toFirstMatchP95, 100, "a job not yet matched is left out of the stage");
  assert.equal(first!.busyPct, 60);
  assert.deepEqual(first!.groups, [["postgres", 60], ["edge (deno)", 10]]);
  assert.deepEqual(first!.waits, [["client backend: on CPU", 0.5]], "a wait missing counts 0");
  assert.equal(first!.walMiBPerS, 1, "2 MiB over the two seconds the samples cover");
  assert.equal(second!.created, 2, "a job never ready still counts as created");
  assert.equal(second!.toReadyP95, 3000);
  assert.deepEqual(second!.pressure, { cpu: 30, io: 20, memory: 0 });
  assert.equal(second!.walMiBPerS, 4);
});

Deno.test("timelineWindows: a window without samples or jobs is kept, its figures not a number", () => {
  const windows = timelineWindows({ startedAt: T0, endedAt: T0 + 30_000, windowS: 10 }, [
    tick(25),
  ], []);
  assert.equal(windows.length, 3);
  assert.equal(windows[0]!.created, 0);
  assert.ok(Number.isNaN(windows[0]!.busyPct));
  assert.ok(Number.isNaN(windows[0]!.toReadyP95));
  assert.equal(windows[2]!.busyPct, 50);
});

Deno.test("slowWindows: over the threshold in either stage; typicalWindow: the medians", () => {
  const windows = timelineWindows(
    { startedAt: T0, endedAt: T0 + 30_000, windowS: 10 },
    [tick(1), tick(11, { busyPct: 90 }), tick(21, { busyPct: 70 })],
    [job(1, 300, 200), job(11, 1500, 100), job(21, 300, 1200)],
  );
  assert.deepEqual(slowWindows(windows, 1000).map((w) => w.startS), [10, 20]);
  assert.deepEqual(slowWindows(windows, 2000), []);
  const typical = typicalWindow(windows);
  assert.equal(typical.busyPct, 70);
  assert.equal(typical.toReadyP95, 300);
  assert.equal(typical.toFirstMatchP95, 200);
  assert.deepEqual(typical.groups, [["postgres", 40], ["edge (deno)", 20]]);
});

Deno.test("timelineMarkdown: the slow windows by minute and second beside the median window", () => {
  const timeline = timelineWindows(
    { startedAt: T0, endedAt: T0 + 90_000, windowS: 30 },
    [tick(1), tick(31), tick(61, { busyPct: 99, groups: { postgres: 150 } })],
    [job(1, 300, 200), job(31, 300, 200), job(61, 4000, 100)],
  );
  const cfg = { BENCH_SOAK_WINDOW_S: 30, BENCH_SOAK_SLOW_MS: 1000 };
  const md = timelineMarkdown({ timeline }, cfg);
  assert.match(md, /1 of 3 windows' jobs took over 1000 ms/);
  assert.match(
    md,
    /\| median window \| 1 \| 300 \| 200 \| 50% \| postgres 40%; edge \(deno\) 20% \|/,
  );
  assert.match(
    md,
    /\| 1:00–1:30 \| 1 \| 4000 \| 100 \| 99% \| postgres 150% \| 10% \/ 0% \/ 0% \| 1\.0 \|/,
  );
  assert.match(
    timelineMarkdown({ timeline: timeline.slice(0, 2) }, cfg),
    /No window's jobs took over 1000 ms/,
  );
});
