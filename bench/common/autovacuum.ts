/**
 * A stand-in for autovacuum, for benchmarks that run for minutes on a server without it (this
 * machine's Postgres runs with `autovacuum = off`; no production server does). Without it,
 * every UPDATE and DELETE leaves an index entry that nothing removes, and a queue's scans
 * (the outbox's pending rows, the due deliveries) grow with everything ever written: a
 * ten-minute run then measures the missing vacuum, not the system. The stand-in applies
 * autovacuum's own rules, with the server's settings and each table's storage parameters, and
 * runs what they call for, one table at a time, as one autovacuum worker would.
 * @module
 */
import type { Sql } from "@hire/db";
import { step } from "./proc.ts";

/**
 * Autovacuum's thresholds (`<threshold> + <scale factor> × the table's tuples`) and its
 * cost-based delay, with VACUUM's own cost settings that stand in where autovacuum's are -1.
 */
export interface VacuumSettings {
  vacuumThreshold: number;
  vacuumScaleFactor: number;
  insertThreshold: number;
  insertScaleFactor: number;
  analyzeThreshold: number;
  analyzeScaleFactor: number;
  costDelayMs: number;
  costLimit: number;
  vacuumCostDelayMs: number;
  vacuumCostLimit: number;
}

/** The cost-based delay a vacuum works under: a sleep of `delayMs` per `limit` cost units. */
export interface Throttle {
  delayMs: number;
  limit: number;
}

/** A table's counters, as `pg_stat_user_tables` and `pg_class` give them. */
export interface TableCounters {
  table: string;
  /** `pg_class.reltuples`: -1 (never vacuumed or analysed) counts as 0. */
  tuples: number;
  deadTuples: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
  /** `pg_class.reloptions`, `name=value` each. */
  options: readonly string[];
}

/** What a table is due for. */
export type Due = "vacuum" | "analyze";

const OPTION_OF: Record<keyof VacuumSettings, string> = {
  vacuumThreshold: "autovacuum_vacuum_threshold",
  vacuumScaleFactor: "autovacuum_vacuum_scale_factor",
  insertThreshold: "autovacuum_vacuum_insert_threshold",
  insertScaleFactor: "autovacuum_vacuum_insert_scale_factor",
  analyzeThreshold: "autovacuum_analyze_threshold",
  analyzeScaleFactor: "autovacuum_analyze_scale_factor",
  costDelayMs: "autovacuum_vacuum_cost_delay",
  costLimit: "autovacuum_vacuum_cost_limit",
  vacuumCostDelayMs: "vacuum_cost_delay",
  vacuumCostLimit: "vacuum_cost_limit",
};

/**
 * The delay autovacuum's workers sleep under: its own settings (a table's storage parameters
 * over the server's), VACUUM's where they are -1. A manual VACUUM runs with no delay at all,
 * so without this the stand-in would take more of the server than autovacuum does.
 */
export function throttleOf(s: VacuumSettings): Throttle {
  return {
    delayMs: s.costDelayMs >= 0 ? s.costDelayMs : s.vacuumCostDelayMs,
    limit: s.costLimit > 0 ? s.costLimit : s.vacuumCostLimit,
  };
}

/** The server's settings with a table's storage parameters over them. */
export function tableSettings(server: VacuumSettings, options: readonly string[]): VacuumSettings {
  const given = new Map(options.map((o) => o.split("=") as [string, string]));
  const out = { ...server };
  for (const key of Object.keys(OPTION_OF) as (keyof VacuumSettings)[]) {
    const value = Number(given.get(OPTION_OF[key]));
    if (given.has(OPTION_OF[key]) && Number.isFinite(value)) out[key] = value;
  }
  return out;
}

/**
 * What autovacuum would run on a table now: VACUUM (it analyses too, when that is also due)
 * when its dead tuples or its inserts since the last vacuum pass their thresholds, ANALYZE
 * when only its changes since the last analysis do; undefined when nothing is due.
 */
export function dueFor(t: TableCounters, server: VacuumSettings): Due | undefined {
  const s = tableSettings(server, t.options);
  const tuples = Math.max(0, t.tuples);
  if (
    t.deadTuples > s.vacuumThreshold + s.vacuumScaleFactor * tuples ||
    (s.insertThreshold >= 0 &&
      t.insertedSinceVacuum > s.insertThreshold + s.insertScaleFactor * tuples)
  ) return "vacuum";
  if (t.modifiedSinceAnalyze > s.analyzeThreshold + s.analyzeScaleFactor * tuples) {
    return "analyze";
  }
  return undefined;
}

/** What the stand-in ran: vacuums, analyses, seconds spent in them. */
export interface VacuumWork {
  vacuums: number;
  analyses: number;
  seconds: number;
  /** The server's throttle they ran under (absent in runs from before it was applied). */
  throttle?: Throttle;
}

/** A report's sentence on vacuum: what the stand-in ran, or null (the server's autovacuum ran). */
export function vacuumSentence(work: VacuumWork | null): string {
  if (!work) return "The server's autovacuum ran.";
  const throttled = work.throttle
    ? `, each throttled as autovacuum is (${work.throttle.delayMs} ms of sleep per ` +
      `${work.throttle.limit} cost units)`
    : "";
  return "This server runs without autovacuum, so the benchmark applied autovacuum's rules itself " +
    `(\`bench/common/autovacuum.ts\`): ${work.vacuums} vacuums and ${work.analyses} analyses, ` +
    `${work.seconds} s in all${throttled}.`;
}

/** One VACUUM or ANALYZE the stand-in ran, by the wall clock (ms since the epoch). */
export interface VacuumRun {
  table: string;
  kind: Due;
  startedAt: number;
  /** Absent while it runs. */
  endedAt?: number;
}

/** Whether a run from `start` to `end` (null or absent: still going) overlaps `from`–`to`. */
export function overlaps(
  start: number,
  end: number | null | undefined,
  from: number,
  to: number,
): boolean {
  return start < to && (end ?? Infinity) > from;
}

/** The runs of `runs` that overlap `from`–`to`, a run still going counting as going on. */
export function runsBetween(runs: readonly VacuumRun[], from: number, to: number): VacuumRun[] {
  return runs.filter((r) => overlaps(r.startedAt, r.endedAt, from, to));
}

/** The running stand-in. */
export interface AutovacuumStandIn {
  /** What ran since the first pass. */
  done(): VacuumWork;
  /** The runs since the first pass that overlap `from`–`to` (ms since the epoch). */
  runsBetween(from: number, to: number): VacuumRun[];
  /** Stops after the table being worked on. */
  stop(): Promise<void>;
}

async function serverSettings(sql: Sql): Promise<VacuumSettings> {
  const rows = await sql<{ name: string; setting: string }[]>`
    SELECT name, setting FROM pg_settings WHERE name IN ${sql(Object.values(OPTION_OF))}`;
  const byName = new Map(rows.map((r) => [r.name, Number(r.setting)]));
  return Object.fromEntries(
    Object.entries(OPTION_OF).map(([key, name]) => [key, byName.get(name) ?? -1]),
  ) as unknown as VacuumSettings;
}

async function counters(sql: Sql): Promise<TableCounters[]> {
  const rows = await sql<
    {
      table: string;
      tuples: number;
      dead: string;
      inserted: string;
      modified: string;
      options: string[] | null;
    }[]
  >`
    SELECT format('%I.%I', s.schemaname, s.relname) AS table, c.reltuples::float8 AS tuples,
      s.n_dead_tup AS dead, s.n_ins_since_vacuum AS inserted,
      s.n_mod_since_analyze AS modified, c.reloptions AS options
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`;
  return rows.map((r) => ({
    table: r.table,
    tuples: r.tuples,
    deadTuples: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
    modifiedSinceAnalyze: Number(r.modified),
    options: r.options ?? [],
  }));
}

/**
 * Starts the stand-in on the database of `sql` (a login allowed to vacuum its tables: the
 * owner's) when the server runs without autovacuum; null when autovacuum runs. The first
 * pass is done before it resolves, so a run starts from the state autovacuum keeps a
 * database at rest in; then it looks every `everyMs` (autovacuum's naptime is a minute per
 * database; looking sooner only runs the same work sooner after it falls due).
 */
export async function startAutovacuumStandIn(
  sql: Sql,
  opts: { everyMs?: number } = {},
): Promise<AutovacuumStandIn | null> {
  const [row] = await sql<{ autovacuum: string }[]>`SHOW autovacuum`;
  if (row!.autovacuum === "on") return null;
  const server = await serverSettings(sql);
  step("autovacuum is off on this server: the benchmark applies its rules itself");
  const throttle = throttleOf(server);
  const done: VacuumWork = { vacuums: 0, analyses: 0, seconds: 0, throttle };
  const runs: VacuumRun[] = [];
  let stopping = false;
  let wake = () => {};
  // VACUUM runs outside a transaction, so its cost settings go on a connection of its own.
  const run = async (statement: string, t: Throttle) => {
    const conn = await sql.reserve();
    try {
      await conn.unsafe(`SET vacuum_cost_delay = ${t.delayMs}`);
      await conn.unsafe(`SET vacuum_cost_limit = ${t.limit}`);
      await conn.unsafe(statement);
    } finally {
      conn.release();
    }
  };
  const pass = async () => {
    for (const t of await counters(sql)) {
      if (stopping) return;
      const due = dueFor(t, server);
      if (!due) continue;
      const started = performance.now();
      const timed: VacuumRun = { table: t.table, kind: due, startedAt: Date.now() };
      runs.push(timed);
      await run(
        due === "vacuum" ? `VACUUM (ANALYZE) ${t.table}` : `ANALYZE ${t.table}`,
        throttleOf(tableSettings(server, t.options)),
      );
      timed.endedAt = Date.now();
      done[due === "vacuum" ? "vacuums" : "analyses"]++;
      done.seconds += (performance.now() - started) / 1000;
    }
  };
  await pass();
  step(`autovacuum stand-in: ${done.vacuums} vacuums, ${done.analyses} analyses before the run`);
  Object.assign(done, { vacuums: 0, analyses: 0, seconds: 0 });
  runs.length = 0;
  const loop = (async () => {
    while (!stopping) {
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, opts.everyMs ?? 5000);
      });
      // A failed pass (the server restarting) is tried again at the next look.
      await pass().catch((err) => step(`autovacuum stand-in: ${err}`));
    }
  })();
  return {
    done: () => ({ ...done, seconds: Math.round(done.seconds * 10) / 10 }),
    runsBetween: (from, to) => runsBetween(runs, from, to),
    async stop() {
      stopping = true;
      wake();
      await loop;
    },
  };
}
