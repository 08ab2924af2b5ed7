/**
 * Consumes the public events and fans each out to its partner's subscribed webhooks. Only
 * queues attempts (one transaction per batch), so its pace never depends on any endpoint.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { decodeJobEvent } from "@hire/jobs";
import { decodeOrSkip, retryWhile } from "@hire/kafka";
import type { Logger } from "@hire/log";
import type { Consumer } from "kafkajs";
import { fanOut } from "./fan_out.ts";

/** What the events consumer needs. */
export interface EventsConsumerDeps {
  consumer: Consumer;
  sql: Sql;
  log: Logger;
  /** Called when attempts were queued. */
  queued: () => void;
}

/** Subscribes and runs until the consumer is disconnected. */
export async function runEventsConsumer(
  deps: EventsConsumerDeps,
  opts: { topic: string; concurrency: number },
): Promise<void> {
  // From the start when the group has no offsets yet: starting at the end would skip events
  // published while the group was being joined. Fan-out sends nothing that happened before
  // a webhook existed, so nothing old goes out.
  await deps.consumer.subscribe({ topic: opts.topic, fromBeginning: true });
  await deps.consumer.run({
    partitionsConsumedConcurrently: opts.concurrency,
    eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset }) => {
      const events = batch.messages.flatMap((m) => decodeOrSkip(m, decodeJobEvent, deps.log));
      const queued = await retryWhile(() => fanOut(deps.sql, events), {
        retriable: isDbUnavailable,
        isRunning: () => isRunning() && !isStale(),
        heartbeat,
        log: deps.log,
      });
      const last = batch.messages[batch.messages.length - 1];
      if (last) resolveOffset(last.offset);
      await heartbeat();
      if (queued > 0) deps.queued();
    },
  });
}
