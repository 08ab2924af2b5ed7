/**
 * Samples the timeline's ticks (`timeline.ts`) every second during a soak: every process's
 * CPU by group, the kernel's pressure stall counters, and what Postgres's processes wait on
 * and how much WAL they wrote. Reading /proc and one query a second costs about 1% of a core.
 * @module
 */
import type { Sql } from "@hire/db";
import { type CpuSnapshot, snapshot, usage } from "../common/cpu.ts";
import { readPressureSomeUs } from "../common/host_stalls.ts";
import type { Tick } from "./timeline.ts";

type Stalls = Tick["pressure"];

async function readStalls(): Promise<Stalls> {
  // NaN on a kernel without PSI, as the timeline has always read it.
  const read = async (resource: string) => (await readPressureSomeUs(resource)) ?? NaN;
  return { cpu: await read("cpu"), io: await read("io"), memory: await read("memory") };
}

/** Postgres's processes by wait, and the WAL position. */
async function readPostgres(sql: Sql, database: string) {
  // Client backends count only while running a statement; the background processes whenever
  // they wait on anything but their idle loop (wait type Activity).
  const rows = await sql<{ what: string; n: number }[]>`
    SELECT backend_type || ': ' || coalesce(wait_event_type || '/' || wait_event, 'on CPU') AS what,
           count(*)::int AS n
    FROM pg_stat_activity
    WHERE pid <> pg_backend_pid()
      AND CASE WHEN backend_type = 'client backend' THEN state = 'active' AND datname = ${database}
               ELSE wait_event_type IS DISTINCT FROM 'Activity' END
    GROUP BY 1`;
  const [wal] = await sql<{ lsn: string }[]>`
    SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS lsn`;
  return { waits: Object.fromEntries(rows.map((r) => [r.what, r.n])), wal: Number(wal!.lsn) };
}

/** Samples a tick every `everyMs` until stopped. */
export function timelineSampler(sql: Sql, database: string, everyMs = 1000) {
  const ticks: Tick[] = [];
  let running = true;
  const loop = (async () => {
    let cpu: CpuSnapshot = await snapshot();
    let stalls = await readStalls();
    let wal = (await readPostgres(sql, database)).wal;
    let at = performance.now();
    while (running) {
      await new Promise((r) => setTimeout(r, Math.max(0, at + everyMs - performance.now())));
      const nextCpu = await snapshot();
      const nextStalls = await readStalls();
      const pg = await readPostgres(sql, database);
      const elapsedUs = (nextCpu.at - cpu.at) * 1000;
      const stalled = (k: keyof Stalls) => (100 * (nextStalls[k] - stalls[k])) / elapsedUs;
      const used = usage(cpu, nextCpu);
      ticks.push({
        at: Date.now(),
        busyPct: used.machineBusyPct,
        groups: Object.fromEntries(used.groups.map((g) => [g.group, g.corePct])),
        pressure: { cpu: stalled("cpu"), io: stalled("io"), memory: stalled("memory") },
        waits: pg.waits,
        walBytes: pg.wal - wal,
      });
      [cpu, stalls, wal, at] = [nextCpu, nextStalls, pg.wal, nextCpu.at];
    }
  })();
  return {
    async stop(): Promise<Tick[]> {
      running = false;
      await loop;
      return ticks;
    },
  };
}
