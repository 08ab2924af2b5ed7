/**
 * Finds high-confidence pairs and records each once. Hard filters (same city; the job's
 * employment type among those the seeker accepts; only active jobs) and the threshold are
 * applied inside the index query (which, knowing the threshold, searches only the block
 * where such pairs can be); the pair is recorded, with its `job.matched` event, in one
 * transaction that re-checks the job is still active.
 * @module
 */
import type { Sql } from "@hire/db";
import { type JobEvent, serviceUrl } from "@hire/jobs";
import { type OutboxMessage, writeOutbox } from "@hire/outbox";
import { insertMatches, type JobPlacement, shareLockJobPlacements } from "@hire/tables";
import type { VectorIndex } from "@hire/vector";

/** What matching needs. */
export interface MatcherDeps {
  sql: Sql;
  index: VectorIndex;
  threshold: number;
  limit: number;
  siteBaseUrl: string;
  eventsTopic: string;
  newId: () => string;
  now: () => Date;
}

/** A candidate pair with its score. */
export interface Pair {
  jobId: string;
  seekerId: string;
  score: number;
}

/** What one chunk of `embeddings.ready` asks for. */
export interface MatchRequests {
  /** Jobs (re-)embedded, to match against the seekers. */
  jobs: readonly string[];
  /** Seekers (re-)embedded, to match against the active jobs. */
  seekers: readonly string[];
  /** The jobs' placements as read for the chunk; a job missing here no longer exists. */
  placements: ReadonlyMap<string, JobPlacement>;
}

/**
 * Matches a chunk's jobs and seekers and records the new pairs, with their events, in one
 * transaction (one round of statements for the chunk, not for each job); returns how many
 * pairs were new.
 */
export async function matchChunk(deps: MatcherDeps, requests: MatchRequests): Promise<number> {
  const pairs: Pair[] = [];
  for (const jobId of requests.jobs) {
    pairs.push(...await pairsOfJob(deps, jobId, requests.placements.get(jobId)));
  }
  for (const seekerId of requests.seekers) pairs.push(...await pairsOfSeeker(deps, seekerId));
  return await record(deps, pairs);
}

async function pairsOfJob(
  deps: MatcherDeps,
  jobId: string,
  job: JobPlacement | undefined,
): Promise<Pair[]> {
  if (!job || job.deleted_at || job.status !== "active") return [];
  const hits = await deps.index.searchSeekersForJob(
    jobId,
    { city: job.city, employmentType: job.employment_type, minScore: deps.threshold },
    deps.limit,
  );
  return hits.map((h) => ({ jobId, seekerId: h.id, score: h.score }));
}

async function pairsOfSeeker(deps: MatcherDeps, seekerId: string): Promise<Pair[]> {
  const seeker = await deps.index.getSeeker(seekerId);
  if (!seeker) return [];
  const hits = await deps.index.searchJobs(
    seeker.vector,
    {
      city: seeker.city,
      employmentTypes: seeker.employmentTypes,
      status: "active",
      minScore: deps.threshold,
    },
    deps.limit,
  );
  return hits.map((h) => ({ jobId: h.id, seekerId, score: h.score }));
}

/** Records new pairs of jobs still active, with their events; returns how many were new. */
export async function record(deps: MatcherDeps, found: Pair[]): Promise<number> {
  // A job and a seeker embedded in the same chunk find each other twice.
  const pairs = [...new Map(found.map((p) => [`${p.jobId} ${p.seekerId}`, p])).values()];
  if (pairs.length === 0) return 0;
  return await deps.sql.begin(async (tx) => {
    // Shared locks: a concurrent pause or delete waits for us, or we see its result.
    const jobs = await shareLockJobPlacements(tx, [...new Set(pairs.map((p) => p.jobId))]);
    const live = new Map(
      jobs.filter((j) => !j.deleted_at && j.status === "active").map((j) => [j.id, j]),
    );
    const rows = pairs.filter((p) => live.has(p.jobId)).map((p) => ({
      job_id: p.jobId,
      seeker_id: p.seekerId,
      partner_id: live.get(p.jobId)!.partner_id,
      score: p.score,
      event_id: deps.newId(),
    }));
    if (rows.length === 0) return 0;
    const inserted = await insertMatches(tx, rows);
    const at = deps.now().toISOString();
    const messages: OutboxMessage[] = inserted.map((m) => {
      const event: JobEvent = {
        id: m.event_id,
        type: "job.matched",
        created_at: at,
        partner_id: m.partner_id,
        data: {
          job_id: m.job_id,
          seeker_id: m.seeker_id,
          score: m.score,
          service_url: serviceUrl(deps.siteBaseUrl, m.job_id),
        },
      };
      return { id: event.id, key: m.job_id, topic: deps.eventsTopic, value: event };
    });
    await writeOutbox(tx, messages);
    return inserted.length;
  });
}
