/**
 * One run of the pipeline benchmark on its own stack: the seeded database, every service as
 * a process, a fresh partner, a warm-up job, the backlog drained, resident sizes at rest,
 * the load with resident sizes sampled under it, the database's times of the measured jobs.
 * @module
 */
import type { Sql } from "@hire/db";
import { createKafka } from "@hire/kafka";
import { type CacheFit, readCacheFit } from "@hire/vector";
import { type BrokerWarmUp, warmBroker } from "../common/broker_warmup.ts";
import { type CpuUsage, snapshot, usage } from "../common/cpu.ts";
import { keepProfile, type KeptProfile, monotonicUs } from "../baselines/profiles.ts";
import { createPartner } from "../common/partner.ts";
import { RESULTS_DIR, step } from "../common/proc.ts";
import {
  postmasterPid,
  type ProcessGroup,
  type Resident,
  sampleResident,
  systemGroups,
} from "../common/rss.ts";
import type { PipelineConfig } from "./config.ts";
import { type JobTimes, type PipelineFigures, pipelineFigures } from "./figures.ts";
import { jobBodies, type JobOutcome, offerLoad } from "./load.ts";
import type { SeedReport } from "./seed.ts";
import type { RunningSystem, Stack } from "./stack.ts";
import type { ServiceName } from "../../deploy/local/services.ts";
import { startSystem } from "./stack.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Messages of `topics` that `groupId` has not committed yet. */
export async function consumerLag(stack: Stack, groupId: string, topic: string): Promise<number> {
  const admin = createKafka({ brokers: stack.brokers.split(","), clientId: "bench-pipeline" })
    .admin();
  await admin.connect();
  try {
    const ends = await admin.fetchTopicOffsets(topic);
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    const at = new Map(
      committed!.partitions.map((p) => [p.partition, Math.max(0, Number(p.offset))]),
    );
    return ends.reduce((sum, e) => sum + Number(e.offset) - (at.get(e.partition) ?? 0), 0);
  } finally {
    await admin.disconnect();
  }
}

/** Waits until no job waits for its embedding, no outbox row and no match trigger is left. */
export async function drain(stack: Stack): Promise<void> {
  for (let i = 0;; i++) {
    const [row] = await stack.owner`SELECT
      (SELECT count(*)::int FROM jobs WHERE embedding_status = 'processing'
         AND deleted_at IS NULL AND NOT EXISTS
           (SELECT 1 FROM job_embedding_schedule s WHERE s.job_id = jobs.id)) AS jobs,
      (SELECT count(*)::int FROM outbox_pending) AS outbox`;
    const lag = await consumerLag(
      stack,
      stack.groups.MATCHING_GROUP_ID,
      stack.topics.TOPIC_EMBEDDINGS_READY,
    );
    if (row!.jobs === 0 && row!.outbox === 0 && lag === 0) return;
    if (i % 10 === 0) {
      step(`pipeline: draining (jobs ${row!.jobs}, outbox ${row!.outbox}, matching lag ${lag})`);
    }
    if (i > 600) throw new Error("the pipeline's backlog did not drain in 10 minutes");
    await sleep(1000);
  }
}

/** The database's times of `ids` (see {@link JobTimes}). */
export async function jobTimes(sql: Sql, ids: string[]): Promise<JobTimes[]> {
  if (ids.length === 0) return [];
  const rows = await sql<
    {
      id: string;
      created_at: Date;
      first_ready_at: Date | null;
      first_match: Date | null;
      last_match: Date | null;
      matches: number;
    }[]
  >`SELECT j.id, j.created_at, j.first_ready_at,
          min(m.matched_at) AS first_match, max(m.matched_at) AS last_match,
          count(m.job_id)::int AS matches
     FROM jobs j LEFT JOIN matches m ON m.job_id = j.id
     -- One array, not a parameter per id: a soak that fell behind has more ids than a
     -- statement takes parameters (65,534).
     WHERE j.id = ANY(${ids}::text[]) GROUP BY j.id`;
  const ms = (d: Date | null) => d === null ? null : d.getTime();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at.getTime(),
    readyAt: ms(r.first_ready_at),
    firstMatchAt: ms(r.first_match),
    lastMatchAt: ms(r.last_match),
    matches: r.matches,
  }));
}

/** The processes to measure and their resident sizes, at rest and under load. */
export async function processGroups(stack: Stack, system: RunningSystem) {
  const [row] = await stack.owner<
    { dir: string; user: string }[]
  >`SELECT current_setting('data_directory') AS dir, current_user AS user`;
  const db = new URL(stack.databaseUrl).pathname.slice(1);
  return systemGroups(system.services.pids, {
    postmaster: await postmasterPid(row!.dir),
    database: db,
    benchUser: row!.user,
    brokerPort: Number(stack.brokers.split(",")[0]!.split(":").at(-1)),
  });
}

/** Samples `groups` every `everyMs` until stopped; the samples with their time. */
export function sampler(groups: readonly ProcessGroup[], everyMs: number) {
  const samples: { at: number; resident: Record<string, Resident> }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      samples.push({ at: Date.now(), resident: await sampleResident(groups) });
      const next = samples.at(-1)!.at + everyMs;
      while (running && Date.now() < next) await sleep(Math.min(250, next - Date.now()));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

/** Resident sizes under load: the largest of each group over the samples. */
export function peakResident(
  samples: { resident: Record<string, Resident> }[],
): Record<string, Resident> {
  const peak: Record<string, Resident> = {};
  for (const s of samples) {
    for (const [name, r] of Object.entries(s.resident)) {
      const p = peak[name];
      if (!p || r.rssKiB > p.rssKiB) {
        peak[name] = { ...r, pssKiB: Math.max(r.pssKiB, p?.pssKiB ?? 0) };
      } else p.pssKiB = Math.max(p.pssKiB, r.pssKiB);
    }
  }
  return peak;
}

/** Everything a run measured. */
export interface PipelineRun {
  seed: SeedReport;
  seekersInIndex: number;
  /** Whether the vector tables kept an HNSW graph (`PGVECTOR_GRAPH`; none by default with blocks). */
  graph: boolean;
  /** The vector tables' size beside Postgres's cache, which sets what a search costs. */
  cache: CacheFit;
  jobsInIndex: number;
  figures: PipelineFigures;
  residentAtRest: Record<string, Resident>;
  residentUnderLoadPeak: Record<string, Resident>;
  residentUnderLoadLast: Record<string, Resident>;
  profile: KeptProfile | null;
  brokerWarmup: BrokerWarmUp | null;
  /** CPU from the first create until every job was seen ready or given up. */
  cpuUnderLoad: CpuUsage;
}

/** A partner of the stack's database with a key, made as an operator makes one. */
export async function stackPartner(stack: Stack, name: string) {
  return await createPartner(name, { env: { DATABASE_URL: stack.databaseUrl } });
}

/** Warms the broker, starts the system, warms it up and drains it: ready to measure. */
export async function readySystem(
  stack: Stack,
  opts: {
    logDir: string;
    brokerWarmupS: number;
    profile?: { service: ServiceName; dir: string };
    env?: Record<string, string>;
    flags?: Partial<Record<ServiceName, string[]>>;
  },
): Promise<{ system: RunningSystem; apiKey: string; brokerWarmup: BrokerWarmUp | null }> {
  // Before the services start, so that the warm-up's requests are all the broker serves.
  const brokerWarmup = await warmBroker(stack.brokers, opts.brokerWarmupS);
  const system = await startSystem(stack, {
    logDir: opts.logDir,
    cpuProfile: opts.profile,
    env: opts.env,
    flags: opts.flags,
  });
  try {
    const partner = await stackPartner(stack, `Pipeline bench ${new Date().toISOString()}`);
    // The kept database may hold an interrupted run's backlog: the warm-up job would wait behind it.
    await drain(stack);
    // One job through the whole pipeline first: every consumer has joined its group.
    const [warm] = await offerLoad(
      {
        edgeUrl: system.edgeUrl,
        apiKey: partner.api_key,
        rate: 1,
        durationS: 1,
        deadlineS: 120,
        pollMs: 200,
        pollMaxMs: 200,
      },
      jobBodies(7),
    );
    if (warm?.readyMs === null) throw new Error("the warm-up job was not match-ready in 120 s");
    await drain(stack);
    return { system, apiKey: partner.api_key, brokerWarmup };
  } catch (err) {
    await system.services.stop();
    throw err;
  }
}

/** Runs the benchmark on a seeded stack. */
export async function runPipeline(
  stack: Stack,
  seed: SeedReport,
  cfg: PipelineConfig,
  name: string,
): Promise<PipelineRun> {
  const logDir = `${Deno.env.get("TMPDIR") ?? "/tmp"}/bench-pipeline-logs`;
  const profiled = cfg.BENCH_PIPELINE_PROFILE;
  const profiling = profiled
    ? { service: profiled, dir: await Deno.makeTempDir({ prefix: "bench-pipeline-prof-" }) }
    : undefined;
  const { system, apiKey, brokerWarmup } = await readySystem(stack, {
    logDir,
    profile: profiling,
    brokerWarmupS: cfg.BENCH_PIPELINE_BROKER_WARMUP,
  });
  let outcomes: JobOutcome[];
  let residentAtRest: Record<string, Resident>;
  let samples: { at: number; resident: Record<string, Resident> }[];
  let windowUs: [number, number];
  let cpuUnderLoad: CpuUsage;
  try {
    const groups = await processGroups(stack, system);
    residentAtRest = await sampleResident(groups);
    step(`pipeline: ${cfg.BENCH_PIPELINE_RATE} jobs/s for ${cfg.BENCH_PIPELINE_DURATION} s`);
    const sampling = sampler(groups, 5000);
    const from = await monotonicUs();
    const cpuBefore = await snapshot();
    outcomes = await offerLoad({
      edgeUrl: system.edgeUrl,
      apiKey,
      rate: cfg.BENCH_PIPELINE_RATE,
      durationS: cfg.BENCH_PIPELINE_DURATION,
      deadlineS: cfg.BENCH_PIPELINE_DEADLINE,
      pollMs: cfg.BENCH_PIPELINE_POLL_MS,
      pollMaxMs: cfg.BENCH_PIPELINE_POLL_MAX_MS,
    }, jobBodies());
    cpuUnderLoad = usage(cpuBefore, await snapshot());
    step("pipeline: every job answered or given up; waiting for matching to finish");
    await drain(stack);
    windowUs = [from, await monotonicUs()];
    samples = await sampling.stop();
    const exited = system.services.exited();
    if (exited.length) throw new Error(`services exited during the run: ${exited.join(", ")}`);
  } finally {
    await system.services.stop();
  }
  const ids = outcomes.flatMap((o) => o.id ? [o.id] : []);
  const times = await jobTimes(stack.owner, ids);
  const [counts] = await stack.owner.unsafe(`SELECT
    (SELECT count(*)::int FROM seekers WHERE embedded_hash = content_hash) AS seekers,
    (SELECT count(*)::int FROM jobs WHERE match_ready) AS jobs,
    (SELECT count(*) > 0 FROM pg_indexes WHERE indexdef LIKE '%USING hnsw%') AS graph`);
  let profile: KeptProfile | null = null;
  if (profiling) {
    for await (const e of Deno.readDir(profiling.dir)) {
      if (!e.name.endsWith(".cpuprofile")) continue;
      profile = await keepProfile(
        `${profiling.dir}/${e.name}`,
        new URL("profiles/", RESULTS_DIR),
        `${name}-${profiling.service}`,
        windowUs,
      );
    }
    await Deno.remove(profiling.dir, { recursive: true });
  }
  return {
    seed,
    seekersInIndex: counts!.seekers,
    graph: counts!.graph,
    cache: await readCacheFit(stack.owner, seed.tablePrefix),
    jobsInIndex: counts!.jobs,
    figures: pipelineFigures(outcomes, times),
    residentAtRest,
    residentUnderLoadPeak: peakResident(samples),
    residentUnderLoadLast: samples.at(-1)?.resident ?? {},
    profile,
    brokerWarmup,
    cpuUnderLoad,
  };
}
