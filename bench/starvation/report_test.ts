import assert from "node:assert/strict";
import { nextLookS, type PhaseResult, phaseVacuums } from "./phases.ts";
import {
  brokerPausesLines,
  diskStall,
  everyFifthSecond,
  hostRows,
  vacuumsByWindow,
  verdict,
  verdictText,
  walLines,
  windowSpread,
} from "./report.ts";

/** A phase with this p99 whose 5 s windows had these p99s. */
const phase = (p99: number, windows: number[]) =>
  ({
    latencyMs: { count: 6000, p50: 20, p95: 40, p99, max: p99 * 2 },
    windows: windows.map((w, i) => ({ fromS: i * 5, count: 1000, p99: w })),
  }) as unknown as PhaseResult;

Deno.test("verdict: within 1.2 × a steady stopped phase's p99 is met, beyond it missed", () => {
  const stopped = phase(45, [44, 38, 46, 40, 65, 34]);
  assert.equal(
    verdictText(verdict({ stopped, draining: phase(54, [50, 54, 52, 49, 53, 51]) })),
    "met",
  );
  const missed = verdict({ stopped, draining: phase(113, [103, 93, 165, 107, 108, 103]) });
  assert.equal(missed.met, false);
  assert.equal(verdictText(missed), "missed");
  assert.equal(missed.ratio.toFixed(2), "2.51");
});

Deno.test("verdict: a stopped phase that stalled is no baseline, and the ratio to it is not judged", () => {
  const v = verdict({
    stopped: phase(233, [215, 46, 37, 62, 47, 363]),
    draining: phase(160, [202, 152, 122, 165, 119, 110]),
  });
  assert.equal(v.ratio < 1.2, true);
  assert.equal(v.met, false);
  assert.match(
    verdictText(v),
    /^not judged: the stopped phase stalled \(its worst 5 s p99 363 ms, over 3 × its median 5 s's 47 ms\)/,
  );
});

Deno.test("windowSpread: a worst window up to three times the median is no stall; empty windows do not count", () => {
  assert.equal(windowSpread(phase(294, [137, 98, 132, 140, 124, 294])).stalled, false);
  const spread = windowSpread({
    windows: [
      { fromS: 0, count: 1000, p99: 40 },
      { fromS: 5, count: 0, p99: NaN },
      { fromS: 10, count: 1000, p99: 41 },
      { fromS: 15, count: 1000, p99: 125 },
    ],
  });
  assert.deepEqual(spread, { worst: 125, median: 41, stalled: true });
});

Deno.test("brokerPausesLines: a line for each phase whose broker kept a log, none for the others", () => {
  const pauses = { count: 12, totalMs: 140.5, over5Ms: 4, longestMs: 51 };
  assert.equal(
    brokerPausesLines([
      { name: "pipeline stopped", brokerPauses: pauses },
      { name: "pipeline draining" },
    ]),
    "- The broker's JVM stood still, pipeline stopped: 140.5 ms in all over 12 stops, " +
      "4 of them over 5 ms, the longest 51 ms\n",
  );
  assert.equal(brokerPausesLines([{ name: "pipeline stopped" }]), "");
});

Deno.test("vacuumsByWindow: the tables the stand-in worked on in each 5 s, from the load's start", () => {
  const loadAt = 1_000_000;
  const vacuums = phaseVacuums([
    { table: "public.outbox", kind: "vacuum", startedAt: loadAt - 2_000, endedAt: loadAt + 1_200 },
    { table: "public.jobs", kind: "vacuum", startedAt: loadAt + 9_000, endedAt: loadAt + 11_040 },
    { table: "public.jobs", kind: "vacuum", startedAt: loadAt + 12_000, endedAt: loadAt + 12_500 },
    { table: "public.matches", kind: "analyze", startedAt: loadAt + 14_000 },
  ], loadAt);
  assert.deepEqual(vacuums[1], { table: "public.jobs", kind: "vacuum", fromS: 9, toS: 11 });
  assert.equal(vacuums[3]!.toS, null);
  const windows = [0, 5, 10, 15].map((fromS) => ({ fromS }));
  assert.deepEqual(vacuumsByWindow(vacuums, windows, 5), [
    "outbox",
    "jobs",
    "jobs, matches (analyse)",
    "matches (analyse)",
  ]);
});

Deno.test("walLines: a line a phase with the WAL it wrote", () => {
  assert.equal(
    walLines([
      {
        name: "pipeline stopped",
        wal: { bytes: 151_234_567, fullPageImages: 12_345, checkpoints: 0 },
      },
      {
        name: "pipeline draining",
        wal: { bytes: 402_000_000, fullPageImages: 30_001, checkpoints: 1 },
      },
    ]),
    "- WAL, pipeline stopped: 151.2 MB written, 12,345 full-page images; checkpoints counted meanwhile: 0\n" +
      "- WAL, pipeline draining: 402.0 MB written, 30,001 full-page images; checkpoints counted meanwhile: 1",
  );
});

Deno.test("the backlog is looked at once a window while the load runs, then every second", () => {
  // A 30 s load: the first look at the restart, then at 5, 10, ... 30 s, whatever the lag.
  assert.equal(nextLookS(0, 30), 5);
  assert.equal(nextLookS(0.3, 30), 4.7);
  assert.ok(Math.abs(nextLookS(12.4, 30) - 2.6) < 1e-9);
  assert.equal(nextLookS(27, 30), 3);
  // A load shorter than a window ends the first wait with it.
  assert.equal(nextLookS(1, 3), 2);
  assert.equal(nextLookS(30, 30), 1);
  assert.equal(nextLookS(84.2, 30), 1);
});

Deno.test("the report's backlog timeline: the first look in each 5 s, and the drain", () => {
  const timeline: [number, number][] = [
    [0, 6000],
    [5.1, 7000],
    [10, 8000],
    [15.2, 9000],
    [30.1, 11000],
    [31.1, 10800],
    [32.1, 10600],
    [35.1, 10000],
    [36.1, 9800],
    [40.2, 9000],
    [41.2, 8800],
    [42.3, 0],
  ];
  assert.deepEqual(everyFifthSecond(timeline), [
    [0, 6000],
    [5.1, 7000],
    [10, 8000],
    [15.2, 9000],
    [30.1, 11000],
    [35.1, 10000],
    [40.2, 9000],
    [42.3, 0],
  ]);
});

Deno.test("hostRows: a phase's disk waits and steal by window; no disk row where unknown, nothing for a run without them", () => {
  const name = "pipeline draining";
  assert.deepEqual(
    hostRows({
      name,
      host: [{ ioWaitMs: 180, stolenPct: 0 }, { ioWaitMs: 510, stolenPct: 8 }],
    }),
    [
      ["pipeline draining: disk waits, ms", "180", "510"],
      ["pipeline draining: stolen, % of a core", "0", "8"],
    ],
  );
  assert.deepEqual(hostRows({ name, host: [{ ioWaitMs: null, stolenPct: 3 }] }), [
    ["pipeline draining: stolen, % of a core", "3"],
  ]);
  assert.deepEqual(hostRows({ name } as Parameters<typeof hostRows>[0]), []);
});

/** A phase as `phase` makes it, with these disk waits in its windows. */
const withDisk = (p: PhaseResult, waits: (number | null)[]) =>
  ({ ...p, host: waits.map((ioWaitMs) => ({ ioWaitMs, stolenPct: 0 })) }) as PhaseResult;

Deno.test("verdict: a stopped phase whose worst 5 s fell in a disk stall is no baseline", () => {
  // 2026-12-02's third machine: 0.37× by the ratio, the stopped phase's windows following the disk.
  const v = verdict({
    stopped: withDisk(phase(499, [450, 75, 593, 207, 181, 406]), [477, 208, 1226, 364, 519, 671]),
    draining: withDisk(phase(184, [284, 87, 131, 258, 109, 142]), [549, 277, 237, 380, 330, 264]),
  });
  assert.equal(
    v.baseline.stalled,
    false,
    "no window three times the median: the first test passes it",
  );
  assert.deepEqual(v.disk, { p99: 593, waitedMs: 1226, medianMs: 364 });
  assert.equal(v.met, false);
  assert.match(
    verdictText(v),
    /^not judged: the stopped phase's worst 5 s \(p99 593 ms\) fell in a disk stall \(1226 ms of disk waits, over 2 × the median 5 s's 364 ms\)/,
  );
});

Deno.test("diskStall: ordinary disk waits in the stopped phase's worst 5 s, a stall while draining, or no figures: judged", () => {
  const stopped = withDisk(phase(45, [44, 38, 46, 40, 65, 34]), [210, 190, 230, 200, 260, 220]);
  const draining = withDisk(phase(54, [50, 54, 52, 49, 53, 51]), [240, 900, 230, 250, 210, 260]);
  assert.equal(diskStall({ stopped, draining }), null);
  assert.equal(verdictText(verdict({ stopped, draining })), "met");
  const stalledDraining = withDisk(phase(120, [50, 120, 52, 49, 53, 51]), [
    240,
    1900,
    230,
    250,
    210,
    260,
  ]);
  assert.equal(verdictText(verdict({ stopped, draining: stalledDraining })), "missed");
  const unknown = withDisk(phase(45, [44, 38, 46, 40, 65, 34]), [
    null,
    null,
    null,
    null,
    null,
    null,
  ]);
  assert.equal(diskStall({ stopped: unknown, draining: unknown }), null);
  assert.equal(diskStall({ stopped: phase(45, [44, 38]), draining: phase(54, [50, 54]) }), null);
});
