/**
 * Brings the match graph in line with jobs as stored: embeds a job whose text is newer than
 * its vector, keeps the vector's payload (status, city, employment type) current, and
 * removes deleted jobs at once. Reads the job from Postgres each time, so a redelivered or
 * late message can only repeat work, never apply stale data or emit twice.
 * @module
 */
import type { JobEvent, JobRow } from "@hire/jobs";
import { jobOfOtherPartner, toPublicJob } from "@hire/jobs";
import { type OutboxMessage, writeOutbox } from "@hire/outbox";
import type { Embedded } from "@hire/pipeline";
import type { JobVector } from "@hire/vector";
import {
  jobsWithSchedule,
  markEmbeddingReady,
  recordEmbeddingFailure,
  type ScheduledJobRow,
  scheduleJobEmbeddings,
  shareLockJobs,
  unscheduleJobEmbeddings,
  unscheduleVanishedJobs,
} from "@hire/tables";
import { pacedChunks } from "./backlog_chunks.ts";
import { embedRows, type FailedEmbedding, reembed } from "./embed_batch.ts";
import { deferUntil, type PipelineDeps } from "./pipeline_deps.ts";
import { planFailure } from "./failure.ts";
import { jobText } from "./texts.ts";

/**
 * Reconciles the given jobs. `claimed` retries (from the sweeper) are due even though their
 * retry time holds the sweeper's lease.
 */
export async function reconcileJobs(
  deps: PipelineDeps,
  jobIds: string[],
  opts: { claimed?: boolean } = {},
): Promise<void> {
  const ids = [...new Set(jobIds)];
  if (ids.length === 0) return;
  await reconcileRows(deps, ids, await jobsWithSchedule(deps.sql, ids), opts);
}

/**
 * Reconciles the jobs that changes name, except a stored job that every change naming it
 * says is another partner's: that is a forgery or a bug, which moves nothing. Returns, for
 * each change in order, why it is to be set aside (`jobOfOtherPartner`), or undefined: the
 * check reads with the jobs themselves, so that a batch costs no statement of its own for it.
 */
export async function reconcileJobChanges(
  deps: PipelineDeps,
  changes: readonly { job_id: string; partner_id: string }[],
): Promise<ReturnType<typeof jobOfOtherPartner>[]> {
  const ids = [...new Set(changes.map((c) => c.job_id))];
  if (ids.length === 0) return [];
  const rows = await jobsWithSchedule(deps.sql, ids);
  const owners = new Map(rows.map((r) => [r.id, r.partner_id]));
  const foreign = changes.map((c) => jobOfOtherPartner(c, owners.get(c.job_id)));
  const named = new Set(changes.filter((_, i) => !foreign[i]).map((c) => c.job_id));
  await reconcileRows(deps, ids.filter((id) => named.has(id)), rows, {});
  return foreign;
}

async function reconcileRows(
  deps: PipelineDeps,
  ids: string[],
  rows: ScheduledJobRow[],
  opts: { claimed?: boolean },
): Promise<void> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const now = deps.now();
  const toEmbed: ScheduledJobRow[] = [];
  const missing: JobRow[] = [];
  const settled: ScheduledJobRow[] = [];
  const vanished: string[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row && scheduleIsSettled(row)) settled.push(row);
    if (!row) vanished.push(id);
    if (!row || row.deleted_at) {
      await deps.index.deleteJob(id);
    } else if (needsEmbedding(row, now, opts.claimed ?? false)) {
      toEmbed.push(row);
    } else if (!await syncPayload(deps, row) && row.embedded_version === row.content_version) {
      missing.push(row);
    }
  }
  await unscheduleJobEmbeddings(deps.sql, settled);
  await unscheduleVanishedJobs(deps.sql, vanished);
  // A retry the sweeper claimed arrived once already.
  if (!opts.claimed) deps.gate.arrived(toEmbed.length);
  if (toEmbed.length) await embedJobs(deps, toEmbed, opts.claimed ?? false);
  if (missing.length) await reindexJobs(deps, missing);
}

/** A newer text than the vector, not given up on, and not waiting for a later retry. */
function needsEmbedding(row: ScheduledJobRow, now: Date, claimed: boolean): boolean {
  const waiting = row.scheduled_version === row.content_version && row.due_at! > now;
  return row.embedded_version < row.content_version && row.embedding_status === "processing" &&
    (claimed || !waiting);
}

// A schedule left for a job that no longer waits: deleted, or its text embedded or given up
// on by another path (a crash between the two writes, a newer version's message).
function scheduleIsSettled(row: ScheduledJobRow): boolean {
  return row.scheduled_version !== null &&
    (row.deleted_at !== null || row.embedded_version >= row.scheduled_version ||
      row.embedding_status === "failed");
}

// A status, city or employment type change moves the job in or out of searches; the
// vector itself stays. An active job in a new place in the graph is matched again: seekers
// of its new city, or who arrived while it was paused, may now be its matches.
// False when the index has no vector for the job.
async function syncPayload(deps: PipelineDeps, row: JobRow): Promise<boolean> {
  const current = await deps.index.getJob(row.id);
  if (!current) return false;
  if (
    current.status === row.status && current.city === row.city &&
    current.employmentType === row.employment_type
  ) return true;
  await deps.index.upsertJobs([jobVector(row, current.vector)]);
  if (row.status === "active") await writeOutbox(deps.sql, [matchTrigger(deps, row)]);
  return true;
}

/**
 * Embeds jobs whose text was embedded but whose vector this index lacks: the index of a
 * new embedding space being filled (`deno task reindex`). Nothing a partner sees changes
 * (the job stays ready, no event); matching runs again for active jobs, and announces only
 * pairs it never announced.
 */
async function reindexJobs(deps: PipelineDeps, rows: JobRow[]): Promise<void> {
  await reembed(deps, rows, { text: jobText, what: "job" }, async (row, vector) => {
    // The share lock keeps the text from changing until the vector is written, so a newer
    // text's vector, written after the change commits, is never overwritten by this one.
    await deps.sql.begin(async (tx) => {
      const [job] = await shareLockJobs(tx, [row.id]);
      if (!job || job.deleted_at || job.content_version !== row.content_version) return;
      await deps.index.upsertJobs([jobVector(job, vector)]);
      if (job.status === "active") await writeOutbox(tx, [matchTrigger(deps, job)]);
    });
  });
}

/** Asks matching to search seekers for this job. */
function matchTrigger(deps: PipelineDeps, job: JobRow): OutboxMessage {
  const trigger: Embedded = {
    id: deps.newId(),
    type: "job.embedded",
    job_id: job.id,
    partner_id: job.partner_id,
    content_version: job.content_version,
    at: deps.now().toISOString(),
  };
  return { id: trigger.id, key: job.id, topic: deps.topics.embeddingsReady, value: trigger };
}

// Each chunk is marked ready before the next is embedded: a long backlog's first jobs do
// not wait for its last. Only the sweeper, which holds no partitions, may wait on the gate.
async function embedJobs(
  deps: PipelineDeps,
  rows: ScheduledJobRow[],
  canWait: boolean,
): Promise<void> {
  for await (const chunk of pacedChunks(rows, deps.gate, { now: deps.now, canWait })) {
    if (chunk.deferred) await scheduleJobEmbeddings(deps.sql, chunk.items, deferUntil(deps));
    else await embedChunk(deps, chunk.items);
  }
}

// A chunk's vectors are written in one statement and marked ready in one more: per job,
// those two statements were most of the embedding service's database time.
async function embedChunk(deps: PipelineDeps, rows: ScheduledJobRow[]): Promise<void> {
  const embedded = await embedRows(
    deps.provider,
    rows,
    jobText,
    (row, failure) => recordFailure(deps, row, failure),
  );
  if (embedded.length === 0) return;
  await deps.index.upsertJobs(embedded.map(({ row, vector }) => jobVector(row, vector)));
  await markReady(deps, embedded.map(({ row }) => row));
}

/** A job's vector with the payload matching filters on, as the row has it. */
function jobVector(row: JobRow, vector: Float32Array): JobVector {
  return {
    id: row.id,
    partnerId: row.partner_id,
    status: row.status,
    city: row.city,
    employmentType: row.employment_type,
    vector,
  };
}

/**
 * Marks jobs ready for the version embedded, in one transaction with what it announces:
 * `job.created` the first time, and a trigger for matching every time; drops the schedules
 * the jobs read had (most have none: fresh work never waited).
 */
async function markReady(deps: PipelineDeps, rows: ScheduledJobRow[]): Promise<void> {
  const now = deps.now();
  const scheduledWhenRead = new Set(
    rows.filter((row) => row.scheduled_version !== null).map((row) => row.id),
  );
  const ready = await deps.sql.begin(async (tx) => {
    const marked = await markEmbeddingReady(tx, {
      jobs: rows.map((row) => ({ id: row.id, contentVersion: row.content_version })),
      now,
    });
    await unscheduleJobEmbeddings(tx, marked.filter((job) => scheduledWhenRead.has(job.id)));
    const messages: OutboxMessage[] = [];
    for (const { first, ...job } of marked) {
      if (first) {
        const created: JobEvent = {
          id: deps.newId(),
          type: "job.created",
          created_at: now.toISOString(),
          partner_id: job.partner_id,
          data: { job: toPublicJob(job, deps.siteBaseUrl) },
        };
        messages.push({ id: created.id, key: job.id, topic: deps.topics.events, value: created });
      }
      messages.push(matchTrigger(deps, job));
    }
    await writeOutbox(tx, messages);
    return new Set(marked.map((job) => job.id));
  });
  const stale = rows.filter((row) => !ready.has(row.id)).map((row) => row.id);
  // Changed or deleted while we embedded: the newer message redoes the work; a deleted
  // job must not keep the vector we just wrote.
  if (stale.length) await reconcileJobs(deps, stale);
}

async function recordFailure(
  deps: PipelineDeps,
  row: JobRow,
  failure: FailedEmbedding,
): Promise<void> {
  const planned = planFailure(deps, row.embedding_attempts, failure, { job_id: row.id });
  await deps.sql.begin(async (tx) => {
    await recordEmbeddingFailure(tx, {
      id: row.id,
      contentVersion: row.content_version,
      failure: planned,
    });
    if (planned.retryAt) await scheduleJobEmbeddings(tx, [row], planned.retryAt);
    else await unscheduleJobEmbeddings(tx, [row]);
  });
}
