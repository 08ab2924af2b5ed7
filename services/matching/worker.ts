/**
 * The matching service's worker: consumes embeddings.ready and produces `job.matched` on
 * the public events (through the outbox). Each job or seeker whose vector is new is
 * matched against the other side, one message at a time; a database outage holds the work
 * and retries it in place.
 * @module
 */
import { isDbUnavailable } from "@hire/db";
import { jobOfOtherPartner } from "@hire/jobs";
import { decodeEmbedded } from "@hire/pipeline";
import { consume, defineWorker, setAsideWhere } from "@hire/queue";
import { jobOwners } from "@hire/tables";
import type { MatchingConfig } from "./config.ts";
import { type MatcherDeps, matchJob, matchSeeker } from "./matcher.ts";

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
        const owners = await jobOwners(
          matcher.sql,
          messages.flatMap((m) => m.value.type === "job.embedded" ? [m.value.job_id] : []),
        );
        const sound = setAsideWhere(
          messages,
          ctx,
          (m) => m.type === "job.embedded" ? jobOfOtherPartner(m, owners.get(m.job_id)) : undefined,
        );
        for (const { value: m } of sound) {
          await (m.type === "job.embedded"
            ? matchJob(matcher, m.job_id)
            : matchSeeker(matcher, m.seeker_id));
        }
      },
    })],
    produces: [cfg.TOPIC_JOBS_EVENTS],
    // Each match is its own transaction, committed (and retried) on its own.
    chunkSize: 1,
    concurrency: cfg.MATCHING_CONCURRENCY,
    retriable: isDbUnavailable,
    flushAfter: "batch",
  });
}
