/**
 * The retry ladder's worker: reads every rung topic and hands each retry to the
 * dispatcher's queue when it is due. A rung's messages all wait the same delay, so they
 * fall due in the order they were written: when the first one of a partition is not due,
 * the partition waits until it is (the queue redelivers it then), and nothing due waits
 * behind it. No busy loop, and since due times are absolute and offsets are committed only
 * after hand-over, a retry due in 2 h is made on time across restarts.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { consume, defineWorker } from "@hire/queue";
import { queueRetryAttempts } from "@hire/tables";
import { decodeRetry, type RetryRung, retryTopic } from "@hire/webhooks";
import type { DeliveryConfig } from "./config.ts";

/** The due prefix of a batch, and how long until the first message that is not due. */
export function splitDue<T extends { value: { due_at: string } }>(
  messages: readonly T[],
  now: number,
): { due: T[]; waitMs: number } {
  const due = [];
  for (const m of messages) {
    const wait = Date.parse(m.value.due_at) - now;
    if (wait > 0) return { due, waitMs: wait };
    due.push(m);
  }
  return { due, waitMs: 0 };
}

/** The worker of the rungs of `rungs`; `queued` is called when retries were queued. */
export function ladderWorker(
  cfg: DeliveryConfig,
  deps: { sql: Sql; rungs: readonly RetryRung[]; queued: () => void },
) {
  return defineWorker({
    name: "delivery-ladder",
    group: cfg.DELIVERY_LADDER_GROUP_ID,
    consumes: deps.rungs.map((rung) =>
      consume({
        topic: retryTopic(rung, cfg.TOPIC_WEBHOOKS_RETRY_PREFIX),
        decode: decodeRetry,
        handle: async (messages, ctx) => {
          const now = Date.now();
          const { due, waitMs } = splitDue(messages, now);
          if (await queueRetryAttempts(deps.sql, due.map((m) => m.value)) > 0) deps.queued();
          const first = messages[due.length];
          if (waitMs > 0 && first) ctx.redeliverFrom(first.offset, now + waitMs);
        },
      })
    ),
    // Failed attempts go up the ladder through the dispatcher's outbox, not from here.
    produces: [],
    chunkSize: Infinity,
    concurrency: cfg.DELIVERY_PARTITIONS_CONCURRENCY,
    retriable: isDbUnavailable,
  });
}
