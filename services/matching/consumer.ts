/**
 * Consumes embeddings.ready: each job or seeker whose vector is new is matched against the
 * other side. A database outage holds the work and retries it in place.
 * @module
 */
import { isDbUnavailable } from "@hire/db";
import { decodeOrSkip, retryWhile } from "@hire/kafka";
import type { Logger } from "@hire/log";
import { decodeEmbedded, type Embedded } from "@hire/pipeline";
import type { Consumer } from "kafkajs";

/** What the consumer hands its messages to. */
export interface MatchingConsumerDeps {
  consumer: Consumer;
  log: Logger;
  match: (message: Embedded) => Promise<unknown>;
  afterCommit: () => void;
}

/** Subscribes and runs until the consumer is disconnected. */
export async function runMatchingConsumer(
  deps: MatchingConsumerDeps,
  opts: { topic: string; concurrency: number },
): Promise<void> {
  await deps.consumer.subscribe({ topic: opts.topic, fromBeginning: true });
  await deps.consumer.run({
    partitionsConsumedConcurrently: opts.concurrency,
    eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset }) => {
      for (const message of batch.messages) {
        if (!isRunning() || isStale()) return;
        for (const m of decodeOrSkip(message, decodeEmbedded, deps.log)) {
          await retryWhile(() => deps.match(m), {
            retriable: isDbUnavailable,
            isRunning: () => isRunning() && !isStale(),
            heartbeat,
            log: deps.log,
          });
        }
        resolveOffset(message.offset);
        await heartbeat();
      }
      deps.afterCommit();
    },
  });
}
