/**
 * Recording what attempts did, and deciding the consequences (next rung, dead letter,
 * auto-disable, its audit entry and its e-mail), in one transaction, with ladder messages
 * through the transactional outbox. The tables are written through their owners
 * (`@hire/tables`).
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { type OutboxMessage, writeOutbox } from "@hire/outbox";
import {
  applyFailureCounts,
  cancelDisabledAttempts,
  type ClaimedAttempt,
  disableWebhook,
  queueMail,
  recordAttempts,
  recordAudit,
} from "@hire/tables";
import { encodeDead, encodeRetry, retryTopic } from "@hire/webhooks";
import { counterChanges, disableReason, type NextStep, shouldDisable } from "./after_attempt.ts";
import { disabledNotice } from "./disabled_notice.ts";
import type { AttemptResult } from "./http_client.ts";

/** An attempt made, with its result and, for a failure, the step after it. */
export interface AttemptOutcome {
  attempt: ClaimedAttempt;
  result: AttemptResult;
  attemptedAt: Date;
  next: NextStep | null;
}

/** Where the ladder's messages go. */
export interface LadderTopics {
  retryPrefix: string;
  deadTopic: string;
}

/** How outcomes are recorded. */
export interface RecordOptions extends LadderTopics {
  /** Consecutive failures after which a webhook whose schedule ran out is disabled. */
  disableAfter: number;
  /** The partner console, which the disable notice links to (`CONSOLE_BASE_URL`). */
  consoleBaseUrl: string;
}

/** What a recorded batch led to. */
export interface RecordSummary {
  /** Webhooks disabled by this batch. */
  disabled: string[];
  /** Ladder messages written to the outbox. */
  scheduled: number;
}

/**
 * Records a batch of outcomes in one transaction: the attempts (with the headers sent and
 * the start of the answer), the failure counts (test events aside), the ladder messages,
 * and for a dead delivery of a webhook that keeps failing, the disabling with its audit
 * entry and its notice to the partner's admins.
 */
export function recordOutcomes(
  sql: Sql,
  outcomes: readonly AttemptOutcome[],
  opts: RecordOptions,
): Promise<RecordSummary> {
  return sql.begin(async (tx) => {
    await recordAttempts(
      tx,
      outcomes.map((o) => ({
        id: o.attempt.id,
        ok: o.result.ok,
        statusCode: o.result.statusCode,
        durationMs: o.result.durationMs,
        error: o.result.error,
        attemptedAt: o.attemptedAt,
        nextStep: o.next?.kind ?? null,
        nextAttemptAt: o.next?.kind === "retry" ? o.next.dueAt : null,
        requestHeaders: o.result.requestHeaders,
        responseExcerpt: o.result.responseExcerpt,
      })),
    );
    const counts = await applyFailureCounts(
      tx,
      counterChanges(outcomes.map((o) => ({
        webhookId: o.attempt.webhook_id,
        ok: o.result.ok,
        trigger: o.attempt.trigger,
      }))),
    );
    const messages = ladderMessages(outcomes, opts);
    await writeOutbox(tx, messages);

    const disabled: string[] = [];
    for (const o of outcomes) {
      if (o.next?.kind !== "dead") continue;
      const failures = counts.get(o.attempt.webhook_id) ?? 0;
      if (!shouldDisable(failures, opts.disableAfter)) continue;
      const reason = disableReason(failures, o.result.error);
      if (await disableWebhookFor(tx, o.attempt, { failures, reason }, opts.consoleBaseUrl)) {
        disabled.push(o.attempt.webhook_id);
      }
    }
    return { disabled, scheduled: messages.length };
  }) as Promise<RecordSummary>;
}

function ladderMessages(
  outcomes: readonly AttemptOutcome[],
  opts: LadderTopics,
): OutboxMessage[] {
  return outcomes.flatMap((o): OutboxMessage[] => {
    const a = o.attempt;
    if (o.next?.kind === "retry") {
      const m = encodeRetry({
        webhook_id: a.webhook_id,
        event_id: a.event_id,
        attempt: o.next.attempt,
        due_at: o.next.dueAt.toISOString(),
        previous_delivery_id: a.id,
      });
      const topic = retryTopic(o.next.rung, opts.retryPrefix);
      return [{ id: `${a.id}:retry`, key: m.key, topic, value: JSON.parse(m.value) }];
    }
    if (o.next?.kind === "dead") {
      const m = encodeDead({
        webhook_id: a.webhook_id,
        partner_id: a.partner_id,
        event_id: a.event_id,
        event_type: a.event_type,
        attempts: a.attempt,
        last_delivery_id: a.id,
        last_status_code: o.result.statusCode,
        last_error: o.result.error,
        died_at: o.attemptedAt.toISOString(),
      });
      return [{
        id: `${a.id}:dead`,
        key: m.key,
        topic: opts.deadTopic,
        value: JSON.parse(m.value),
      }];
    }
    return [];
  });
}

/**
 * Disables a webhook that is still active, cancels its attempts not started (those in
 * flight finish and are recorded), records it in the partner's audit log as the system's
 * doing and queues the notice to its partner's admins; false when it was already off (or
 * gone).
 */
async function disableWebhookFor(
  tx: Tx,
  attempt: ClaimedAttempt,
  why: { failures: number; reason: string },
  consoleBaseUrl: string,
): Promise<boolean> {
  const row = await disableWebhook(tx, { id: attempt.webhook_id, reason: why.reason });
  if (!row) return false;
  await cancelDisabledAttempts(tx, row.id);
  await recordAudit(tx, {
    partnerId: row.partner_id,
    actor: { kind: "system" },
    action: "webhook.disabled",
    targetId: row.id,
    detail: {
      reason: why.reason,
      consecutive_failures: why.failures,
      last_event_id: attempt.event_id,
    },
  });
  if (row.admin_emails.length > 0) {
    const notice = disabledNotice({
      partnerName: row.partner_name,
      webhookId: row.id,
      url: row.url,
      reason: why.reason,
      failures: why.failures,
      disabledAt: row.disabled_at!,
      lastEventId: attempt.event_id,
      consoleBaseUrl,
    });
    await queueMail(tx, {
      recipients: row.admin_emails,
      subject: notice.subject,
      text: notice.text,
      html: notice.html,
    });
  }
  return true;
}
