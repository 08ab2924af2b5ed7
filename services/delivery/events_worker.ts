/**
 * The delivery service's events worker: consumes the public events and fans each out to
 * its partner's subscribed webhooks. It only queues attempts (one transaction per batch),
 * so its pace never depends on any endpoint.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { decodeJobEvent } from "@hire/jobs";
import { consume, defineWorker } from "@hire/queue";
import type { DeliveryConfig } from "./config.ts";
import { fanOut } from "./fan_out.ts";

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
      handle: async (messages) => {
        if (await fanOut(deps.sql, messages.map((m) => m.value)) > 0) deps.queued();
      },
    })],
    // Attempts go out through the dispatcher's outbox, not from here.
    produces: [],
    chunkSize: Infinity,
    concurrency: cfg.DELIVERY_PARTITIONS_CONCURRENCY,
    retriable: isDbUnavailable,
  });
}
