/**
 * The retry ladder's consumer: reads every rung topic and hands each retry to the
 * dispatcher's queue when it is due. A rung's messages all wait the same delay, so they
 * fall due in the order they were written: when the first one of a partition is not due,
 * the partition is paused until it is, and nothing due waits behind it. No busy loop, and
 * since due times are absolute and offsets are committed only after hand-over, a retry
 * due in 2 h is made on time across restarts.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { decodeOrSkip, retryWhile } from "@hire/kafka";
import type { Logger } from "@hire/log";
import { decodeRetry, type RetryMessage } from "@hire/webhooks";
import type { Consumer } from "kafkajs";
import { queueRetries } from "./attempts_store.ts";

/** What the ladder consumer needs. */
export interface LadderConsumerDeps {
  consumer: Consumer;
  sql: Sql;
  log: Logger;
  /** Called when retries were queued. */
  queued: () => void;
}

/** The running consumer's timers, cleared on stop. */
export interface LadderConsumer {
  stop(): void;
}

/** The due prefix of a batch, and how long until the first message that is not due. */
export function splitDue<T extends { due_at: string }>(
  messages: readonly { offset: string; retry: T | undefined }[],
  now: number,
): { due: { offset: string; retry: T | undefined }[]; waitMs: number } {
  const due = [];
  for (const m of messages) {
    const wait = m.retry ? Date.parse(m.retry.due_at) - now : 0;
    if (wait > 0) return { due, waitMs: wait };
    due.push(m);
  }
  return { due, waitMs: 0 };
}

/** Subscribes to every rung topic and runs until the consumer is disconnected. */
export async function runLadderConsumer(
  deps: LadderConsumerDeps,
  opts: { topics: string[]; concurrency: number },
): Promise<LadderConsumer> {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  await deps.consumer.subscribe({ topics: opts.topics, fromBeginning: true });
  await deps.consumer.run({
    partitionsConsumedConcurrently: opts.concurrency,
    eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset, pause }) => {
      const decoded = batch.messages.map((m) => ({
        offset: m.offset,
        retry: decodeOrSkip(m, decodeRetry, deps.log)[0],
      }));
      const { due, waitMs } = splitDue(decoded, Date.now());
      const retries = due.flatMap((d) => d.retry ? [d.retry] : []) as RetryMessage[];
      const queued = await retryWhile(() => queueRetries(deps.sql, retries), {
        retriable: isDbUnavailable,
        isRunning: () => isRunning() && !isStale(),
        heartbeat,
        log: deps.log,
      });
      const last = due[due.length - 1];
      if (last) resolveOffset(last.offset);
      await heartbeat();
      if (queued > 0) deps.queued();
      const first = decoded[due.length];
      if (waitMs > 0 && first) {
        // kafkajs does not fetch a paused partition's unresolved messages again by itself:
        // seeking back to the first message not due makes it the next one read on resume.
        const resume = pause();
        deps.consumer.seek({
          topic: batch.topic,
          partition: batch.partition,
          offset: first.offset,
        });
        const timer = setTimeout(() => {
          timers.delete(timer);
          resume();
        }, waitMs);
        timers.add(timer);
      }
    },
  });
  return {
    stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
