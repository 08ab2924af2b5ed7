/**
 * The embedding service's worker: consumes jobs.changed and seekers.v1 in one group and
 * produces `job.created` on the public events and the matching triggers on
 * embeddings.ready (through the outbox). The work of partitions that arrive together
 * shares one provider call (the model is fastest on batches); a database outage holds the
 * work and retries it in place.
 * @module
 */
import { isDbUnavailable } from "@hire/db";
import { decodeJobChanged, type JobChanged } from "@hire/pipeline";
import {
  combiner,
  combinerWithResults,
  consume,
  defineWorker,
  type Delivered,
  keepingAlive,
  setAsideWhere,
} from "@hire/queue";
import { decodeSeeker, type Seeker } from "@hire/seekers";
import type { EmbeddingServiceConfig } from "./config.ts";
import { reconcileJobChanges } from "./jobs_reconciler.ts";
import type { PipelineDeps } from "./pipeline_deps.ts";
import { deleteSeekers, reconcileSeekers } from "./seekers_reconciler.ts";
import { storeSeekers } from "./seekers_store.ts";

/** What the seekers handler hands its messages to. */
export interface SeekerSinks {
  /** Stores profiles and reconciles those seekers; concurrent calls may be combined. */
  seekers: (seekers: Seeker[]) => Promise<void>;
  /** Forgets seekers whose profile was deleted. */
  deleteSeekers: (seekerIds: string[]) => Promise<void>;
}

/** The worker of jobs.changed and seekers.v1. */
export function embeddingWorker(cfg: EmbeddingServiceConfig, pipeline: PipelineDeps) {
  // Partitions that arrive together share one provider call.
  const jobs = combinerWithResults(
    (changes: JobChanged[]) => reconcileJobChanges(pipeline, changes),
    { maxItems: 256 },
  );
  const sinks: SeekerSinks = {
    seekers: combiner<Seeker>(
      async (profiles) => reconcileSeekers(pipeline, await storeSeekers(pipeline.sql, profiles)),
      { maxItems: 256 },
    ),
    deleteSeekers: (ids) => deleteSeekers(pipeline, ids),
  };
  return defineWorker({
    name: "embedding",
    group: cfg.EMBEDDING_GROUP_ID,
    consumes: [
      consume({
        topic: cfg.TOPIC_JOBS_CHANGED,
        decode: decodeJobChanged,
        handle: async (messages, ctx) => {
          // The shared run may wait on the yield gate for many chunks. A message naming
          // another partner's job moved nothing there; it is set aside, as the forgery or bug
          // an operator should see, with the owner the run read.
          const foreign = await keepingAlive(ctx, jobs(messages.map((m) => m.value)));
          const why = new Map(messages.map((m, i) => [m.value, foreign[i]]));
          setAsideWhere(messages, ctx, (c) => why.get(c));
        },
      }),
      consume({
        topic: cfg.TOPIC_SEEKERS,
        decode: decodeSeeker,
        tombstones: true,
        handle: (messages, ctx) => keepingAlive(ctx, latestSeekers(messages, sinks)),
      }),
    ],
    produces: [cfg.TOPIC_JOBS_EVENTS, cfg.TOPIC_EMBEDDINGS_READY],
    // Small chunks: embedding is slow, and the group must hear from us between chunks or
    // it hands the partition to another member and the work is done twice.
    chunkSize: 32,
    concurrency: cfg.EMBEDDING_CONCURRENCY,
    retriable: isDbUnavailable,
    // A trickle of jobs comes in batches: one model run, transaction and flush for several.
    gather: true,
  });
}

/**
 * The last message per seeker in a chunk decides: a profile is stored, a tombstone (a key
 * with no value, as on any compacted topic) deletes the seeker.
 */
export async function latestSeekers(
  messages: Delivered<Seeker | null>[],
  sinks: SeekerSinks,
): Promise<void> {
  const last = new Map<string, Delivered<Seeker | null>>();
  for (const m of messages) last.set(m.key ?? `offset-${m.offset}`, m);
  const latest = [...last.values()];
  await sinks.deleteSeekers(
    latest.flatMap((m) => m.value === null && m.key !== null ? [m.key] : []),
  );
  await sinks.seekers(latest.flatMap((m) => m.value ? [m.value] : []));
}
