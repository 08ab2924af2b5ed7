/**
 * The matching service's worker: consumes embeddings.ready and produces `job.matched` on
 * the public events (through the outbox). Each job or seeker whose vector is new is
 * matched against the other side, in chunks whose new pairs are recorded together; a
 * database outage holds the work and retries it in place.
 * @module
 */
import { isDbUnavailable } from "@hire/db";
import { jobOfOtherPartner } from "@hire/jobs";
import { decodeEmbedded } from "@hire/pipeline";
import { consume, defineWorker, setAsideWhere } from "@hire/queue";
import { findJobPlacements } from "@hire/tables";
import type { MatchingConfig } from "./config.ts";
import { matchChunk, type MatcherDeps } from "./matcher.ts";

/** Messages matched together; their searches take about 0.3 ms each. */
const CHUNK_SIZE = 16;

/** The worker of embeddings.ready. */
export function matchingWorker(cfg: MatchingConfig, matcher: MatcherDeps) {
  return defineWorker({
    name: "matching",
    group: cfg.MATCHING_GROUP_ID,
    consumes: [consume({
      topic: cfg.TOPIC_EMBEDDINGS_READY,
      decode: decodeEmbedded,
      handle: async (messages, ctx) => {
        // Matching reads the job itself and announces pairs under the job's own partner;
        // a trigger naming another partner is still set aside, as a forgery or a bug.
        const placements = await findJobPlacements(
          matcher.sql,
          messages.flatMap((m) => m.value.type === "job.embedded" ? [m.value.job_id] : []),
        );
        const sound = setAsideWhere(
          messages,
          ctx,
          (m) =>
            m.type === "job.embedded"
              ? jobOfOtherPartner(m, placements.get(m.job_id)?.partner_id)
              : undefined,
        );
        await matchChunk(matcher, {
          jobs: sound.flatMap(({ value: m }) => m.type === "job.embedded" ? [m.job_id] : []),
          seekers: sound.flatMap(({ value: m }) =>
            m.type === "seeker.embedded" ? [m.seeker_id] : []
          ),
          placements,
        });
      },
    })],
    produces: [cfg.TOPIC_JOBS_EVENTS],
    // A chunk's pairs are recorded in one transaction, committed (and retried) together:
    // a chunk delivered again records only the pairs not recorded yet, each announced once.
    chunkSize: CHUNK_SIZE,
    concurrency: cfg.MATCHING_CONCURRENCY,
    retriable: isDbUnavailable,
    flushAfter: "batch",
    // A trickle of triggers comes in batches: one transaction and flush for several.
    gather: true,
  });
}
