/**
 * The two phases the starvation benchmark compares, and what it reads between them: the
 * API under the same open-loop create load with the pipeline stopped, then while the
 * pipeline works off the backlog the first phase left, and how long that backlog takes.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Due, VacuumRun } from "../common/autovacuum.ts";
import { type BrokerPauses, readBrokerPauses } from "../common/broker_pauses.ts";
import { type CpuUsage, snapshot, usage } from "../common/cpu.ts";
import { hostByWindow, type HostWindow, watchHost } from "../common/host_stalls.ts";
import type { PerfSession } from "../common/perf_record.ts";
import { type PerfSplit, postgresGroup } from "../common/perf_split.ts";
import { vmRssKiB } from "../common/rss.ts";
import { type LatencyStats, latencyStats, roundedStats } from "../common/stats.ts";
import { openLoopCreates, windowP99 } from "./open_loop.ts";

/** Seconds of each window a phase's p99 is also given for (its requests by scheduled start). */
export const WINDOW_S = 5;

/** One phase's figures. */
export interface PhaseResult {
  name: string;
  rate: number;
  seconds: number;
  sent: number;
  statuses: Record<string, number>;
  lateStarts: number;
  latencyMs: LatencyStats;
  /** p99 of each {@link WINDOW_S} s of the load. */
  windows: ReturnType<typeof windowP99>;
  /** What the host took (disk waits, steal) in each of the same windows. */
  host: HostWindow[];
  /** Jobs still waiting for their embedding when the phase began and ended. */
  backlogAtStart: number;
  backlogAtEnd: number;
  cpu: CpuUsage;
  /** Seconds the CPU was read over: the load and its last answers. */
  cpuWindowS: number;
  /** Resident memory of each service at the end of the phase, MiB. */
  rssMiB: Record<string, number>;
  /** `perf`'s samples over the load, by process group and kind of code (`BENCH_STARVATION_PERF`). */
  perf?: PerfSplit;
  /** The broker's JVM's stops over the same window, when its log was found. */
  brokerPauses?: BrokerPauses;
  /** The autovacuum stand-in's runs during the load, in seconds from its start. */
  vacuums?: PhaseVacuum[];
  /** What the server wrote to its WAL over the phase (`pg_stat_wal`). */
  wal: WalWritten;
}

/** WAL written over a span: bytes, and full-page images (a page's first change after a checkpoint). */
export interface WalWritten {
  bytes: number;
  fullPageImages: number;
  /** Checkpoints the server counted meanwhile (`pg_stat_bgwriter`, timed and requested). */
  checkpoints: number;
}

/** The server's cumulative WAL and checkpoint counters. */
async function walCounters(sql: Sql): Promise<WalWritten> {
  const [row] = await sql<{ bytes: string; fpi: string; checkpoints: string }[]>`
    SELECT w.wal_bytes::text AS bytes, w.wal_fpi::text AS fpi,
      (b.checkpoints_timed + b.checkpoints_req)::text AS checkpoints
    FROM pg_stat_wal w, pg_stat_bgwriter b`;
  return {
    bytes: Number(row!.bytes),
    fullPageImages: Number(row!.fpi),
    checkpoints: Number(row!.checkpoints),
  };
}

/** A run of the autovacuum stand-in within a phase: seconds from the load's start. */
export interface PhaseVacuum {
  table: string;
  kind: Due;
  fromS: number;
  /** Null when it was still running as the phase ended. */
  toS: number | null;
}

/** `runs` timed from `startedAt`, in seconds to the tenth. */
export function phaseVacuums(runs: readonly VacuumRun[], startedAt: number): PhaseVacuum[] {
  const s = (at: number) => Math.round((at - startedAt) / 100) / 10;
  return runs.map((r) => ({
    table: r.table,
    kind: r.kind,
    fromS: s(r.startedAt),
    toS: r.endedAt === undefined ? null : s(r.endedAt),
  }));
}

/** Jobs created and not yet embedded (nor failed for good). */
export async function embeddingBacklog(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs
    WHERE embedding_status = 'processing' AND deleted_at IS NULL`;
  return row!.n;
}

/** Resident set size of `pid` in MiB (0 when it has exited). */
async function rssMiB(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => "");
  return Math.round((vmRssKiB(status) ?? 0) / 1024);
}

/** Each Postgres process's group by whom it works for: `perf` splits the server's CPU so. */
async function postgresGroups(sql: Sql): Promise<Map<number, string>> {
  const rows = await sql<{ pid: number; app: string; type: string }[]>`
    SELECT pid, application_name AS app, backend_type AS type FROM pg_stat_activity`;
  return new Map(
    rows.map((r) => [r.pid, postgresGroup({ applicationName: r.app, backendType: r.type })]),
  );
}

/** Runs the load for one phase and reads the machine around it. */
export async function runPhase(opts: {
  name: string;
  sql: Sql;
  load: Parameters<typeof openLoopCreates>[0];
  pids: () => Record<string, number>;
  perf?: PerfSession;
  /** The broker's log of its JVM's stops (`brokerGcLog`). */
  brokerGcLog?: string;
  /** The autovacuum stand-in's runs overlapping a span, when it runs. */
  vacuumRuns?: (from: number, to: number) => VacuumRun[];
}): Promise<PhaseResult> {
  const backlogAtStart = await embeddingBacklog(opts.sql);
  const walBefore = await walCounters(opts.sql);
  const startedAt = Date.now();
  const before = await snapshot();
  const recording = opts.perf?.record(opts.load.seconds);
  const watching = watchHost();
  const loadAt = Date.now();
  const r = await openLoopCreates(opts.load);
  const hostSamples = await watching.stop();
  const after = await snapshot();
  const vacuums = opts.vacuumRuns && phaseVacuums(opts.vacuumRuns(loadAt, Date.now()), loadAt);
  const brokerPauses = opts.brokerGcLog &&
    await readBrokerPauses(opts.brokerGcLog, startedAt, Date.now());
  const perf = await recording?.split([after, before], recording && await postgresGroups(opts.sql));
  const backlogAtEnd = await embeddingBacklog(opts.sql);
  const walAfter = await walCounters(opts.sql);
  const cpu = usage(before, after);
  const windows = windowP99(r, WINDOW_S * 1000);
  const rss: Record<string, number> = {};
  for (const [name, pid] of Object.entries(opts.pids())) rss[name] = await rssMiB(pid);
  return {
    name: opts.name,
    rate: opts.load.rate,
    seconds: opts.load.seconds,
    sent: r.sent,
    statuses: r.statuses,
    lateStarts: r.lateStarts,
    latencyMs: roundedStats(latencyStats(r.latenciesMs)),
    windows,
    host: hostByWindow(hostSamples, loadAt, WINDOW_S * 1000, windows.length),
    backlogAtStart,
    backlogAtEnd,
    wal: {
      bytes: walAfter.bytes - walBefore.bytes,
      fullPageImages: walAfter.fullPageImages - walBefore.fullPageImages,
      checkpoints: walAfter.checkpoints - walBefore.checkpoints,
    },
    cpu,
    cpuWindowS: (after.at - before.at) / 1000,
    rssMiB: rss,
    ...(perf ? { perf } : {}),
    ...(brokerPauses ? { brokerPauses } : {}),
    ...(vacuums ? { vacuums } : {}),
  };
}

/**
 * Seconds to the next look at the backlog, `elapsedS` after the restart: at the end of each
 * {@link WINDOW_S} window while the load runs (`loadS`), then every second. Counting the
 * backlog scans the jobs (no index serves `embedding_status`, and the product needs none):
 * 11 ms a time on a quiet 2-core machine, so a look every second put Postgres work into the
 * draining phase that the stopped phase never had. The drain time keeps its second's
 * precision once the load is over, and no backlog empties while 200 jobs a second arrive.
 */
export function nextLookS(elapsedS: number, loadS: number): number {
  if (elapsedS >= loadS) return 1;
  const windowEnd = (Math.floor(elapsedS / WINDOW_S) + 1) * WINDOW_S;
  return Math.min(windowEnd, loadS) - elapsedS;
}

/** Samples the backlog ({@link nextLookS}) until it is empty; its timeline, and when it emptied. */
export async function drain(
  sql: Sql,
  since: number,
  opts: { loadS: number; timeoutS: number },
): Promise<{ drainedAfterS: number | null; timeline: [number, number][] }> {
  const timeline: [number, number][] = [];
  for (;;) {
    const n = await embeddingBacklog(sql);
    const elapsedS = (Date.now() - since) / 1000;
    const t = Math.round(elapsedS * 10) / 10;
    timeline.push([t, n]);
    if (n === 0) return { drainedAfterS: t, timeline };
    if (t > opts.timeoutS) return { drainedAfterS: null, timeline };
    await new Promise((r) => setTimeout(r, nextLookS(elapsedS, opts.loadS) * 1000));
  }
}
