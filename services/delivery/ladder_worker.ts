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
import type { SetAsideReason } from "@hire/queue";
import { queueRetryAttempts, type RefusedRetry } from "@hire/tables";
import { decodeRetry, type RetryMessage, type RetryRung, retryTopic } from "@hire/webhooks";
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

/** A retry refused as set aside: what it names, and the partners those belong to. */
function refusedRetry(retry: RetryMessage, refused: RefusedRetry): SetAsideReason {
  return {
    reason: refused.reason,
    ids: {
      webhook_id: retry.webhook_id,
      event_id: retry.event_id,
      previous_delivery_id: retry.previous_delivery_id,
      attempt: retry.attempt,
      webhook_partner_id: refused.webhookPartnerId,
      ...(refused.eventPartnerId ? { event_partner_id: refused.eventPartnerId } : {}),
    },
  };
}

/**
 * The worker of the rungs of `rungs`; `queued` is called when retries were queued. A retry
 * whose webhook, event and previous delivery do not belong together is set aside.
 */
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
          const { queued, refused } = await queueRetryAttempts(deps.sql, due.map((m) => m.value));
          for (const r of refused) {
            ctx.setAside(due[r.index]!, refusedRetry(due[r.index]!.value, r));
          }
          if (queued > 0) deps.queued();
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
