/**
 * The delivery service's events worker: consumes the public events and fans each out to
 * its partner's subscribed webhooks. It only queues attempts, so its pace never depends on
 * any endpoint; the batches of partitions handled at once are queued in one fan-out.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { decodeJobEvent, type JobEvent, jobOfOtherPartner } from "@hire/jobs";
import { combiner, combinerWithResults, consume, defineWorker, setAsideWhere } from "@hire/queue";
import { jobOwners } from "@hire/tables";
import type { DeliveryConfig } from "./config.ts";
import {
  jobIdOf,
  planFanOut,
  type PlannedAttempt,
  queuePlanned,
  type Subscription,
  subscriptionsOf,
} from "./fan_out.ts";

/** What the events worker reads about an event before fanning it out. */
interface Lookup {
  /** The partner whose job the event is about, if the job is known. */
  owner: string | undefined;
  /** The active webhooks of the event's partner (and of the other partners read with it). */
  subscriptions: Subscription[];
}

/** The worker of jobs.events.v1; `queued` is called when attempts were queued. */
export function eventsWorker(cfg: DeliveryConfig, deps: { sql: Sql; queued: () => void }) {
  // The partitions of a fetch are handled at once, each a few events: one read and one
  // fan-out for all of them (a batch's offsets are committed after its own events are
  // queued, as before) cost the database a fraction of one per partition. The read looks up
  // the events' jobs and their partners' webhooks at once, on two connections: the next fetch
  // waits for the whole handling.
  const lookUp = combinerWithResults<JobEvent, Lookup>(async (events) => {
    const [owners, subscriptions] = await Promise.all([
      jobOwners(deps.sql, events.map(jobIdOf)),
      subscriptionsOf(deps.sql, events.map((e) => e.partner_id)),
    ]);
    return events.map((e) => ({ owner: owners.get(jobIdOf(e)), subscriptions }));
  });
  const queueAttempts = combiner<PlannedAttempt>(async (planned) => {
    if (await queuePlanned(deps.sql, planned) > 0) deps.queued();
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
        const found = await lookUp(messages.map((m) => m.value));
        const lookups = new Map(messages.map((m, i) => [m.value, found[i]!]));
        // An event naming one partner and another partner's job is set aside: fan-out
        // would send that job to the partner named.
        const sound = setAsideWhere(
          messages,
          ctx,
          (e) =>
            jobOfOtherPartner(
              { job_id: jobIdOf(e), partner_id: e.partner_id },
              lookups.get(e)!.owner,
            ),
        );
        await queueAttempts(
          sound.flatMap((m) =>
            planFanOut([m.value], lookups.get(m.value)!.subscriptions, () => newId("dlv"))
          ),
        );
      },
    })],
    // Attempts go out through the dispatcher's outbox, not from here.
    produces: [],
    chunkSize: Infinity,
    concurrency: cfg.DELIVERY_PARTITIONS_CONCURRENCY,
    retriable: isDbUnavailable,
  });
}
