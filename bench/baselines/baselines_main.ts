/**
 * `deno task bench:baselines`: our retrieve and create beside minimal handlers built from
 * the same parts (a bare Hono handler, a point query, an insert), all measured in one run
 * on this machine with the same load, each in a process of its own; then the edge and the
 * job service under `--cpu-prof` for a create and a retrieve load, and creates sent one at a
 * time to see where a create's milliseconds go. Writes `bench/results/baselines.md`,
 * `baselines-<date>.json` and `profiles/baselines-<date>-<load>-<service>.cpuprofile[.gz]`.
 *
 * `deno task bench:baselines --report-only` rewrites `baselines.md` from the newest JSON
 * (and `baselines-create-trace.json`, when present) without measuring.
 * @module
 */
import { warmBroker } from "../common/broker_warmup.ts";
import { connect } from "@hire/db";
import { bottleneckNotes } from "../common/diagnose.ts";
import { JOBS_PATH, type LoadKind, type LoadSpec } from "../common/load.ts";
import { chooseTool, runLoad, type Tool, toolVersion } from "../common/load_tool.ts";
import { describeMachine } from "../common/machine.ts";
import { warmAndMeasure } from "../common/measure.ts";
import { createPartner } from "../common/partner.ts";
import { postingFields } from "../common/postings.ts";
import { RESULTS_DIR, runBenchmark, step } from "../common/proc.ts";
import { type ScenarioResult, scenarioResult, writeResultFiles } from "../common/report.ts";
import { sequentialCreates } from "./breakdown.ts";
import { type BaselinesConfig, readBaselinesConfig } from "./config.ts";
import { createStages, ratioRows, type Scenario } from "./figures.ts";
import { MINIMAL_KINDS, startMinimal } from "./minimal.ts";
import {
  dropMinimalDatabase,
  MINIMAL_TABLE,
  prepareMinimalDatabase,
  sampleIds,
  settle,
} from "./minimal_db.ts";
import { keepProfile, type KeptProfile, monotonicUs } from "./profiles.ts";
import {
  baselinesMarkdown,
  type BaselinesReport,
  type CreateTrace,
  type ProfiledLoad,
} from "./report.ts";
import {
  firstCreate,
  type MeasuredService,
  prepareStack,
  profilesOf,
  sourceState,
  type Stack,
  startServices,
} from "./system.ts";

const PROFILES_DIR = new URL("profiles/", RESULTS_DIR);
const TRACE_FILE = new URL("baselines-create-trace.json", RESULTS_DIR);

/** Context of the load runs. */
interface Runner {
  tool: Tool;
  cfg: BaselinesConfig;
}

/**
 * A warm-up and a measured run of `kind` against `baseUrl`; `onWindow` hears the monotonic
 * start and end of the measured run (the last of the two).
 */
async function measure(
  r: Runner,
  scenario: string,
  target: { baseUrl: string; apiKey: string; kind: LoadKind; databaseUrl: string },
  onWindow?: (window: [number, number]) => void,
): Promise<ScenarioResult> {
  const spec: LoadSpec = {
    scenario,
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    kind: target.kind,
    durationS: r.cfg.warmupS,
    connections: r.cfg.connections,
    threads: r.cfg.threads,
    timeoutS: r.cfg.timeoutS,
  };
  const { result, cpu } = await warmAndMeasure(scenario, async (durationS, nonce) => {
    const start = await monotonicUs();
    const loaded = await runLoad(r.tool, { ...spec, durationS }, nonce);
    onWindow?.([start, await monotonicUs()]);
    return loaded;
  }, { ...r.cfg, afterWarmUp: () => settle(target.databaseUrl) });
  const request = target.kind.type === "create" ? `POST ${JOBS_PATH}` : `GET ${JOBS_PATH}/:id`;
  return scenarioResult(scenario, request, r.cfg, result, null, cpu);
}

/** `n` random ids of the partner's jobs, and how many jobs the database holds. */
async function ourIds(stack: Stack, partnerId: string, n: number) {
  const sql = connect(stack.databaseUrl, { max: 1, name: "bench" });
  try {
    const rows = await sql<{ id: string }[]>`
      SELECT id FROM jobs WHERE partner_id = ${partnerId} ORDER BY random() LIMIT ${n}`;
    const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM jobs`;
    const [indexes] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'jobs'`;
    const [av] = await sql<{ autovacuum: string }[]>`SHOW autovacuum`;
    return {
      ids: rows.map((r) => r.id),
      jobs: count!.n,
      indexes: indexes!.n,
      autovacuum: av!.autovacuum,
    };
  } finally {
    await sql.end();
  }
}

/** The creates of every create load of the run, as `BENCH_BASELINES_BODIES` says. */
function createKind(cfg: BaselinesConfig): LoadKind {
  // As many as wrk's script holds comfortably; each is sent again with another title.
  return cfg.bodies === "load" ? { type: "create" } : { type: "create", texts: postingFields(500) };
}

/** The edge and the job service under the profiler for one load of `phase`. */
async function profiled(
  r: Runner,
  stack: Stack,
  opts: { phase: "create" | "retrieve"; apiKey: string; ids: string[]; logDir: string },
  date: string,
): Promise<ProfiledLoad> {
  const dir = await Deno.makeTempDir({ prefix: "bench-baselines-prof-" });
  const services = await startServices(stack, {
    logDir: `${opts.logDir}/profile-${opts.phase}`,
    profileDir: dir,
  });
  let window: [number, number] = [0, 0];
  let result: ScenarioResult;
  try {
    await firstCreate(services.edgeUrl, opts.apiKey);
    const kind: LoadKind = opts.phase === "create"
      ? createKind(r.cfg)
      : { type: "retrieve", ids: opts.ids };
    result = await measure(
      r,
      `${opts.phase} (profiled)`,
      { baseUrl: services.edgeUrl, apiKey: opts.apiKey, kind, databaseUrl: stack.databaseUrl },
      (w) => (window = w),
    );
  } finally {
    await services.stop();
  }
  const profiles: Partial<Record<MeasuredService, KeptProfile>> = {};
  for (const [service, path] of Object.entries(await profilesOf(dir))) {
    const name = `baselines-${date}-${opts.phase}-${service}`;
    profiles[service as MeasuredService] = await keepProfile(path, PROFILES_DIR, name, window);
    step(`kept profile ${name}`);
  }
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  return {
    phase: opts.phase,
    requests_per_sec: result.requests_per_sec,
    p50_ms: result.p50_ms,
    p99_ms: result.p99_ms,
    profiles,
  };
}

async function readTrace(): Promise<CreateTrace | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(TRACE_FILE));
  } catch {
    return undefined;
  }
}

async function writeReport(report: BaselinesReport): Promise<string[]> {
  return await writeResultFiles(RESULTS_DIR, {
    name: "baselines",
    date: report.date,
    json: report,
    markdown: baselinesMarkdown(report, await readTrace()),
  });
}

/** Rewrites baselines.md from the newest `baselines-<date>.json`. */
async function reportOnly(): Promise<void> {
  const names: string[] = [];
  for await (const e of Deno.readDir(RESULTS_DIR)) {
    if (/^baselines-\d{4}-\d{2}-\d{2}\.json$/.test(e.name)) names.push(e.name);
  }
  const newest = names.sort().at(-1);
  if (!newest) throw new Error("no baselines-<date>.json in bench/results/");
  const report = JSON.parse(await Deno.readTextFile(new URL(newest, RESULTS_DIR)));
  console.log(`wrote ${(await writeReport(report)).join(", ")}`);
}

function notes(
  report: Omit<BaselinesReport, "notes">,
  extra: { sourceAtEnd: string; jobsIndexes: number; autovacuum: string },
): string[] {
  const out: string[] = [];
  if (extra.autovacuum !== "on") {
    out.push(
      `This server runs with autovacuum ${extra.autovacuum}: nothing analyses a table a run ` +
        `fills, and a fresh database's tables are planned without statistics (sequential scans ` +
        `of \`command_results\` and \`jobs\` in the job service's transaction). The benchmark ` +
        `runs ANALYZE (and a CHECKPOINT) after each warm-up, as autovacuum would.`,
    );
  }
  if (extra.sourceAtEnd !== report.source.sha256) {
    out.push(
      `The product code changed while the run was going on (sha256 ${report.source.sha256} at ` +
        `the start, ${extra.sourceAtEnd} at the end): our figures may not all be of one version.`,
    );
  }
  out.push(
    `Our \`jobs\` table has ${extra.jobsIndexes} indexes (the list, feed and search ones); the ` +
      `minimal table \`${MINIMAL_TABLE}\` has its primary key only, so the insert baseline ` +
      `maintains one index where our create maintains all of them.`,
  );
  for (const p of report.profiles) {
    const unprofiled = report.runs[p.phase];
    out.push(
      `${p.phase} under the profiler: ${p.requests_per_sec.toFixed(0)} req/s against ` +
        `${unprofiled.requests_per_sec.toFixed(0)} without (a separate start: the difference is ` +
        `the profiler's cost and run-to-run variation together).`,
    );
  }
  const runs = Object.values(report.runs);
  const failed = runs.filter((r) => !r.clean).map((r) => r.scenario);
  if (failed.length) out.push(`Runs with non-2xx answers or socket errors: ${failed.join(", ")}.`);
  return [...out, ...bottleneckNotes(runs)];
}

async function main(): Promise<void> {
  if (Deno.args.includes("--report-only")) return await reportOnly();
  const cfg = readBaselinesConfig();
  const tool = await chooseTool(cfg.tool);
  const r: Runner = { tool, cfg };
  const started = new Date();
  const date = started.toISOString().slice(0, 10);
  const source = await sourceState(cfg.source);
  const logDir = await Deno.makeTempDir({ prefix: "bench-baselines-" });
  step(`services' logs in ${logDir}`);

  const minimalUrl = await prepareMinimalDatabase(`${cfg.database}_minimal`, cfg.rows);
  const minimalIds = await sampleIds(minimalUrl, cfg.readIds);
  const runs: Partial<Record<Scenario, ScenarioResult>> = {};
  for (const kind of MINIMAL_KINDS) {
    const server = await startMinimal(kind, { databaseUrl: minimalUrl, poolSize: cfg.poolSize });
    try {
      const load: LoadKind = kind === "insert"
        ? createKind(cfg)
        : { type: "retrieve", ids: minimalIds };
      runs[kind] = await measure(r, kind, {
        baseUrl: server.url,
        apiKey: "none",
        kind: load,
        databaseUrl: minimalUrl,
      });
    } finally {
      await server.stop();
    }
  }
  await dropMinimalDatabase(minimalUrl);

  const stack = await prepareStack(cfg.database, cfg.source);
  const brokerWarmup = await warmBroker(stack.brokers, cfg.brokerWarmupS);
  let ours: Awaited<ReturnType<typeof ourIds>>;
  let sequential;
  const profiles: ProfiledLoad[] = [];
  try {
    const partner = await createPartner(`Baselines ${started.toISOString()}`, {
      env: { DATABASE_URL: stack.databaseUrl },
    });
    const apiKey = partner.api_key;
    const services = await startServices(stack, { logDir: `${logDir}/measured` });
    try {
      await firstCreate(services.edgeUrl, apiKey);
      runs.create = await measure(r, "create", {
        baseUrl: services.edgeUrl,
        apiKey,
        kind: createKind(cfg),
        databaseUrl: stack.databaseUrl,
      });
      ours = await ourIds(stack, partner.partner_id, cfg.readIds);
      runs.retrieve = await measure(r, "retrieve", {
        baseUrl: services.edgeUrl,
        apiKey,
        kind: { type: "retrieve", ids: ours.ids },
        databaseUrl: stack.databaseUrl,
      });
      step(`timing ${cfg.sequential} creates sent one at a time`);
      sequential = await sequentialCreates({
        edgeUrl: services.edgeUrl,
        apiKey,
        databaseUrl: stack.databaseUrl,
        brokers: stack.brokers,
        changedTopic: stack.topics.TOPIC_JOBS_CHANGED,
        n: cfg.sequential,
      });
    } finally {
      await services.stop();
    }
    // The same loads with every service running: the pipeline embeds (and matches) behind
    // the creates, starting with the backlog the runs above left.
    const whole = await startServices(stack, { logDir: `${logDir}/whole`, whole: true });
    try {
      await firstCreate(whole.edgeUrl, apiKey);
      runs["create-whole"] = await measure(r, "create-whole", {
        baseUrl: whole.edgeUrl,
        apiKey,
        kind: createKind(cfg),
        databaseUrl: stack.databaseUrl,
      });
      runs["retrieve-whole"] = await measure(r, "retrieve-whole", {
        baseUrl: whole.edgeUrl,
        apiKey,
        kind: { type: "retrieve", ids: ours.ids },
        databaseUrl: stack.databaseUrl,
      });
    } finally {
      await whole.stop();
    }
    if (cfg.profile) {
      for (const phase of ["create", "retrieve"] as const) {
        profiles.push(await profiled(r, stack, { phase, apiKey, ids: ours.ids, logDir }, date));
      }
    }
  } finally {
    await stack.cleanup().catch((err) => step(`could not delete the run's topics: ${err}`));
  }

  const all = runs as Record<Scenario, ScenarioResult>;
  const base: Omit<BaselinesReport, "notes"> = {
    date,
    generated_at: started.toISOString(),
    config: cfg,
    machine: await describeMachine(await toolVersion(tool)),
    source,
    data: { minimal_rows: cfg.rows, our_jobs_at_retrieve: ours.jobs, read_ids: ours.ids.length },
    runs: all,
    ratios: ratioRows(all),
    sequential: { creates: sequential.length, stages: createStages(sequential) },
    profiles,
    broker_warmup: brokerWarmup,
  };
  const report: BaselinesReport = {
    ...base,
    notes: notes(base, {
      sourceAtEnd: (await sourceState(cfg.source)).sha256,
      jobsIndexes: ours.indexes,
      autovacuum: ours.autovacuum,
    }),
  };
  const paths = await writeReport(report);
  for (const row of report.ratios) {
    console.log(
      `${row.label.padEnd(48)} ${row.requests_per_sec.toFixed(0).padStart(7)} req/s  ` +
        `p50 ${row.p50_ms.toFixed(2).padStart(7)} ms  p99 ${row.p99_ms.toFixed(2).padStart(7)} ms`,
    );
  }
  console.log(`\nwrote ${paths.join(", ")}; logs of the services in ${logDir}`);
}

if (import.meta.main) await runBenchmark(main);
