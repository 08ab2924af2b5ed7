/**
 * The soak's timeline: what the machine and Postgres were doing in each window of the load,
 * beside how long the jobs created in it took, so a window where the pipeline slowed can be
 * told apart (a process's CPU, a stall on I/O, a checkpoint, lock waits) from the windows
 * around it. Pure: the samples come from `timeline_sampler.ts`.
 * @module
 */
import { latencyStats } from "../common/stats.ts";

/** One sample, over the second (or so) before `at`. */
export interface Tick {
  at: number;
  /** Busy share of the whole machine, 0–100. */
  busyPct: number;
  /** CPU per process group, % of one core. */
  groups: Record<string, number>;
  /** Share of the time some task stalled on each resource (Linux PSI "some"), 0–100. */
  pressure: { cpu: number; io: number; memory: number };
  /** Postgres processes by `backend type: wait`, active client backends and busy others. */
  waits: Record<string, number>;
  /** WAL written since the tick before, bytes. */
  walBytes: number;
}

/** A job's times, from the database's clock (ms since the epoch). */
export interface JobStages {
  createdAt: number;
  readyAt: number | null;
  firstMatchAt: number | null;
}

/** A window of the load: the jobs created in it and the samples taken in it. */
export interface TimelineWindow {
  /** Seconds from the start of the load. */
  startS: number;
  created: number;
  /** p95 of 201 → match-ready (the row's first_ready_at) of the jobs created in the window. */
  toReadyP95: number;
  /** p95 of match-ready → first pair recorded. */
  toFirstMatchP95: number;
  busyPct: number;
  /** Mean % of one core per process group, busiest first. */
  groups: [string, number][];
  pressure: Tick["pressure"];
  /** Mean number of Postgres processes per sample in each wait, commonest first. */
  waits: [string, number][];
  walMiBPerS: number;
}

const mean = (xs: readonly number[]) =>
  xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length;

/** Means of each key over `records`, a key missing from a record counted as 0; largest first. */
function meanByKey(records: readonly Record<string, number>[]): [string, number][] {
  const sums = new Map<string, number>();
  for (const r of records) {
    for (const [k, v] of Object.entries(r)) sums.set(k, (sums.get(k) ?? 0) + v);
  }
  return [...sums].map(([k, sum]): [string, number] => [k, sum / records.length])
    .sort((a, b) => b[1] - a[1]);
}

/** The load's windows of `windowS` seconds from `startedAt` to `endedAt`. */
export function timelineWindows(
  run: { startedAt: number; endedAt: number; windowS: number },
  ticks: readonly Tick[],
  jobs: readonly JobStages[],
): TimelineWindow[] {
  const { startedAt, endedAt, windowS } = run;
  const count = Math.ceil((endedAt - startedAt) / (windowS * 1000));
  const index = (at: number) => Math.floor((at - startedAt) / (windowS * 1000));
  const tickIn: Tick[][] = Array.from({ length: count }, () => []);
  const jobIn: JobStages[][] = Array.from({ length: count }, () => []);
  for (const t of ticks) tickIn[index(t.at)]?.push(t);
  for (const j of jobs) jobIn[index(j.createdAt)]?.push(j);
  return tickIn.map((ts, i) => {
    const js = jobIn[i]!;
    const seconds = ts.length === 0 ? NaN : (ts.at(-1)!.at - (ts[0]!.at - 1000)) / 1000;
    return {
      startS: i * windowS,
      created: js.length,
      toReadyP95: latencyStats(js.flatMap((j) =>
        j.readyAt === null ? [] : [j.readyAt - j.createdAt]
      ))
        .p95,
      toFirstMatchP95: latencyStats(js.flatMap((j) =>
        j.readyAt === null || j.firstMatchAt === null ? [] : [j.firstMatchAt - j.readyAt]
      )).p95,
      busyPct: mean(ts.map((t) =>
        t.busyPct
      )),
      groups: meanByKey(ts.map((t) => t.groups)),
      pressure: {
        cpu: mean(ts.map((t) => t.pressure.cpu)),
        io: mean(ts.map((t) => t.pressure.io)),
        memory: mean(ts.map((t) => t.pressure.memory)),
      },
      waits: meanByKey(ts.map((t) => t.waits)),
      walMiBPerS: ts.reduce((a, t) => a + t.walBytes, 0) / 2 ** 20 / seconds,
    };
  });
}

/** The windows whose jobs took longer than `thresholdMs` at p95 in either stage. */
export function slowWindows(windows: readonly TimelineWindow[], thresholdMs: number) {
  return windows.filter((w) => w.toReadyP95 > thresholdMs || w.toFirstMatchP95 > thresholdMs);
}

/** The median of each figure over `windows`: the usual window, to set the slow ones against. */
export function typicalWindow(windows: readonly TimelineWindow[]): TimelineWindow {
  const median = (pick: (w: TimelineWindow) => number) =>
    latencyStats(windows.map(pick).filter((x) => !Number.isNaN(x))).p50;
  const medianByKey = (pick: (w: TimelineWindow) => [string, number][]) => {
    const keys = new Set(windows.flatMap((w) => pick(w).map(([k]) => k)));
    return [...keys].map((k): [string, number] => [
      k,
      median((w) => pick(w).find(([key]) => key === k)?.[1] ?? 0),
    ]).sort((a, b) => b[1] - a[1]);
  };
  return {
    startS: NaN,
    created: median((w) => w.created),
    toReadyP95: median((w) => w.toReadyP95),
    toFirstMatchP95: median((w) => w.toFirstMatchP95),
    busyPct: median((w) => w.busyPct),
    groups: medianByKey((w) => w.groups),
    pressure: {
      cpu: median((w) => w.pressure.cpu),
      io: median((w) => w.pressure.io),
      memory: median((w) => w.pressure.memory),
    },
    waits: medianByKey((w) => w.waits),
    walMiBPerS: median((w) => w.walMiBPerS),
  };
}
