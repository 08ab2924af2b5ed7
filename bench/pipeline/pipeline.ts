/**
 * The pipeline benchmark: with 10,000 seekers in the index, jobs are created at a steady
 * rate and each is polled until `match_ready: true`; the time from the 201 to that moment
 * is the figure, as a partner would see it.
 * @module
 */
import type { Sql } from "@hire/db";
import { createRandom, SEEKER_CITIES, syntheticJobs, syntheticSeekerLines } from "@hire/fixtures";
import { type Admin, createKafka } from "@hire/kafka";
import { JOBS_PATH } from "../common/load.ts";
import { commandOutput, ROOT, step } from "../common/proc.ts";
import { latencyStats } from "../common/stats.ts";

/** Settings of one run. */
export interface PipelineBenchConfig {
  baseUrl: string;
  apiKey: string;
  seekers: number;
  /** Jobs created per second. */
  rate: number;
  durationS: number;
  /** A job not match-ready this long after its 201 counts as missed. */
  deadlineS: number;
  /** The pgvector table of seeker vectors of the system's embedding space. */
  seekerTable: string;
}

/** What one run measured. */
export interface PipelineBenchResult {
  seekersInIndex: number;
  /** Seekers embedded per second while seeding; null when they were already there. */
  seedEmbeddingsPerSec: number | null;
  /**
   * Seekers per second of `deno task reindex`, when the profiles were stored and embedded
   * but not in this embedding space (another model or vocabulary version); else null.
   */
  reindexPerSec: number | null;
  jobsCreated: number;
  jobsReady: number;
  readyMs: { p50: number; p95: number; p99: number; max: number };
  matchesFound: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function embeddedSeekers(sql: Sql): Promise<number> {
  const [row] =
    await sql`SELECT count(*)::int AS n FROM seekers WHERE embedded_hash = content_hash`;
  return row!.n;
}

/** Seekers in the index of the system's embedding space. */
async function indexedSeekers(sql: Sql, table: string): Promise<number> {
  const [exists] = await sql`SELECT to_regclass(${table}) IS NOT NULL AS yes`;
  if (!exists!.yes) return 0;
  const [row] = await sql.unsafe(`SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

/**
 * Puts the synthetic seekers (ids are deterministic) into the index as an operator would:
 * `deno task reindex` when the profiles are stored but embedded in another space, else
 * `deno task seekers import` and a wait until all are embedded.
 */
async function seedSeekers(
  sql: Sql,
  count: number,
  table: string,
): Promise<{ seed: number | null; reindex: number | null }> {
  const before = await indexedSeekers(sql, table);
  if (before >= count) return { seed: null, reindex: null };
  const started = Date.now();
  const perSec = (n: number) => n / ((Date.now() - started) / 1000);
  if (await embeddedSeekers(sql) >= count) {
    step(`pipeline: re-indexing ${count} stored seekers into ${table} (deno task reindex)`);
    const out = await commandOutput(Deno.execPath(), ["task", "reindex"], { cwd: ROOT });
    if (!out.success) throw new Error(`deno task reindex failed:\n${out.stderr}${out.stdout}`);
    return { seed: null, reindex: perSec((await indexedSeekers(sql, table)) - before) };
  }
  step(`pipeline: seeding ${count} seekers (${before} already in the index)`);
  const file = await Deno.makeTempFile({ prefix: "bench-seekers-", suffix: ".jsonl" });
  try {
    await Deno.writeTextFile(file, ReadableStream.from(syntheticSeekerLines(count, 1)));
    const out = await commandOutput(Deno.execPath(), ["task", "seekers", "import", file], {
      cwd: ROOT,
    });
    if (!out.success) {
      throw new Error(`deno task seekers import failed:\n${out.stderr}${out.stdout}`);
    }
  } finally {
    await Deno.remove(file);
  }
  let done = before;
  while (done < count) {
    await sleep(2000);
    done = await indexedSeekers(sql, table);
    step(`pipeline: ${done} of ${count} seekers embedded`);
    if (Date.now() - started > 30 * 60_000) throw new Error("seeding took over 30 minutes");
  }
  return { seed: perSec(done - before), reindex: null };
}

/**
 * Waits until nothing is queued for the pipeline: no job waiting to be embedded, no message
 * waiting in the outbox, and matching caught up with every trigger. Right after seeding,
 * matching still works through one trigger per seeker; measuring then times that backlog.
 */
async function drain(sql: Sql): Promise<void> {
  const kafka = createKafka({
    brokers: (Deno.env.get("KAFKA_BROKERS") ?? "127.0.0.1:9092").split(","),
    clientId: "bench",
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (let i = 0;; i++) {
      const [row] = await sql`SELECT
        (SELECT count(*)::int FROM jobs WHERE embedding_status = 'processing'
           AND deleted_at IS NULL AND embedding_retry_at IS NULL) AS jobs,
        (SELECT count(*)::int FROM outbox WHERE published_at IS NULL) AS outbox`;
      const lag = await consumerLag(admin, "matching-service", "embeddings.ready");
      if (row!.jobs === 0 && row!.outbox === 0 && lag === 0) return;
      if (i % 10 === 0) {
        step(
          `pipeline: waiting for the backlog to drain (jobs ${row!.jobs}, outbox ${
            row!.outbox
          }, matching lag ${lag})`,
        );
      }
      if (i > 900) throw new Error("the pipeline's backlog did not drain in 15 minutes");
      await sleep(1000);
    }
  } finally {
    await admin.disconnect();
  }
}

/** Messages of `topic` that `groupId` has not committed yet. */
async function consumerLag(admin: Admin, groupId: string, topic: string): Promise<number> {
  const ends = await admin.fetchTopicOffsets(topic);
  const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
  const at = new Map(
    committed!.partitions.map((p) => [p.partition, Math.max(0, Number(p.offset))]),
  );
  return ends.reduce((sum, e) => sum + Number(e.offset) - (at.get(e.partition) ?? 0), 0);
}

async function createJob(
  cfg: PipelineBenchConfig,
  body: unknown,
): Promise<{ id: string; at: number }> {
  const res = await fetch(`${cfg.baseUrl}${JOBS_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${cfg.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const at = performance.now();
  const json = await res.json();
  if (res.status !== 201) {
    throw new Error(`POST ${JOBS_PATH}: ${res.status} ${JSON.stringify(json)}`);
  }
  return { id: json.id, at };
}

/** Polls until match_ready; resolves with the milliseconds since the 201, or null on deadline. */
async function readyAfter(
  cfg: PipelineBenchConfig,
  job: { id: string; at: number },
): Promise<number | null> {
  const deadline = job.at + cfg.deadlineS * 1000;
  while (performance.now() < deadline) {
    const res = await fetch(`${cfg.baseUrl}${JOBS_PATH}/${job.id}`, {
      headers: { authorization: `Bearer ${cfg.apiKey}` },
    });
    const body = await res.json();
    if (body.match_ready === true) return performance.now() - job.at;
    await sleep(25);
  }
  return null;
}

/** Runs the benchmark against the running system. */
export async function benchPipeline(
  sql: Sql,
  cfg: PipelineBenchConfig,
): Promise<PipelineBenchResult> {
  const seeded = await seedSeekers(sql, cfg.seekers, cfg.seekerTable);
  await drain(sql);
  const cities = SEEKER_CITIES.slice(0, 6).map((c) => c.city);
  const jobs = syntheticJobs(Math.round(cfg.rate * cfg.durationS), cities, createRandom(11));
  step(`pipeline: creating ${jobs.length} jobs at ${cfg.rate}/s`);
  const waits: Promise<number | null>[] = [];
  const ids: string[] = [];
  const start = performance.now();
  for (const [i, job] of jobs.entries()) {
    const due = start + (i * 1000) / cfg.rate;
    await sleep(Math.max(0, due - performance.now()));
    const created = await createJob(cfg, job.body);
    ids.push(created.id);
    waits.push(readyAfter(cfg, created));
  }
  const times = await Promise.all(waits);
  const { count: jobsReady, ...readyMs } = latencyStats(times.filter((t) => t !== null));
  await sleep(2000);
  const [matches] = await sql`SELECT count(*)::int AS n FROM matches WHERE job_id IN ${sql(ids)}`;
  return {
    seekersInIndex: await indexedSeekers(sql, cfg.seekerTable),
    seedEmbeddingsPerSec: seeded.seed,
    reindexPerSec: seeded.reindex,
    jobsCreated: jobs.length,
    jobsReady,
    readyMs,
    matchesFound: matches!.n,
  };
}
