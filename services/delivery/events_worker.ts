/**
 * The delivery service's events worker: consumes the public events and fans each out to
 * its partner's subscribed webhooks. It only queues attempts, so its pace never depends on
 * any endpoint; the batches of partitions handled at once are queued in one fan-out.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { decodeJobEvent, type JobEvent, jobOfOtherPartner } from "@hire/jobs";
import { combiner, combinerWithResults, consume, defineWorker, setAsideWhere } from "@hire/queue";
import { jobOwners } from "@hire/tables";
import type { DeliveryConfig } from "./config.ts";
import { fanOut, jobIdOf } from "./fan_out.ts";

/** The worker of jobs.events.v1; `queued` is called when attempts were queued. */
export function eventsWorker(cfg: DeliveryConfig, deps: { sql: Sql; queued: () => void }) {
  // The partitions of a fetch are handled at once, each a few events: one lookup and one
  // fan-out for all of them (a batch's offsets are committed after its own events are
  // queued, as before) cost the database a fraction of one per partition.
  const ownersOf = combinerWithResults<string, string | undefined>(async (jobIds) => {
    const owners = await jobOwners(deps.sql, jobIds);
    return jobIds.map((id) => owners.get(id));
  });
  const queueAttempts = combiner<JobEvent>(async (events) => {
    if (await fanOut(deps.sql, events) > 0) deps.queued();
  });
  return defineWorker({
    name: "delivery-events",
    // The group starts from the oldest event when it has no offsets yet: starting at the
    // end would skip events published while it was being joined. Fan-out sends nothing
    // that happened before a webhook existed, so nothing old goes out.
    group: cfg.DELIVERY_GROUP_ID,
    consumes: [consume({
      topic: cfg.TOPIC_JOBS_EVENTS,
      decode: decodeJobEvent,
      handle: async (messages, ctx) => {
        // An event naming one partner and another partner's job is set aside: fan-out
        // would send that job to the partner named.
        const jobIds = messages.map((m) => jobIdOf(m.value));
        const found = await ownersOf(jobIds);
        const owners = new Map(jobIds.map((id, i) => [id, found[i]]));
        const sound = setAsideWhere(
          messages,
          ctx,
          (e) =>
            jobOfOtherPartner(
              { job_id: jobIdOf(e), partner_id: e.partner_id },
              owners.get(jobIdOf(e)),
            ),
        );
        await queueAttempts(sound.map((m) => m.value));
      },
    })],
    // Attempts go out through the dispatcher's outbox, not from here.
    produces: [],
    chunkSize: Infinity,
    concurrency: cfg.DELIVERY_PARTITIONS_CONCURRENCY,
    retriable: isDbUnavailable,
  });
}
