/**
 * The delivery service's events worker: consumes the public events and fans each out to
 * its partner's subscribed webhooks. It only queues attempts (one transaction per batch),
 * so its pace never depends on any endpoint.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { decodeJobEvent, jobOfOtherPartner } from "@hire/jobs";
import { consume, defineWorker, setAsideWhere } from "@hire/queue";
import { jobOwners } from "@hire/tables";
import type { DeliveryConfig } from "./config.ts";
import { fanOut, jobIdOf } from "./fan_out.ts";

/** The worker of jobs.events.v1; `queued` is called when attempts were queued. */
export function eventsWorker(cfg: DeliveryConfig, deps: { sql: Sql; queued: () => void }) {
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
        const owners = await jobOwners(deps.sql, messages.map((m) => jobIdOf(m.value)));
        const sound = setAsideWhere(
          messages,
          ctx,
          (e) =>
            jobOfOtherPartner(
              { job_id: jobIdOf(e), partner_id: e.partner_id },
              owners.get(jobIdOf(e)),
            ),
        );
        if (await fanOut(deps.sql, sound.map((m) => m.value)) > 0) deps.queued();
      },
    })],
    // Attempts go out through the dispatcher's outbox, not from here.
    produces: [],
    chunkSize: Infinity,
    concurrency: cfg.DELIVERY_PARTITIONS_CONCURRENCY,
    retriable: isDbUnavailable,
  });
}
