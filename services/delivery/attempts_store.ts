/**
 * The queue of due attempts in Postgres: claiming them with a lease, recording what each
 * attempt did, and the consequences (next rung, dead letter, auto-disable and its e-mail)
 * in the same transaction, with ladder messages through the transactional outbox.
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { newId } from "@hire/ids";
import { type OutboxMessage, writeOutbox } from "@hire/outbox";
import {
  type DeliveryTrigger,
  encodeDead,
  encodeRetry,
  type RetryMessage,
  retryTopic,
  type WebhookRow,
} from "@hire/webhooks";
import { counterChanges, disableReason, type NextStep, shouldDisable } from "./after_attempt.ts";
import { disabledNotice } from "./disabled_notice.ts";
import type { AttemptResult } from "./http_client.ts";

/** A claimed attempt with what sending it needs. */
export interface ClaimedAttempt {
  id: string;
  webhook_id: string;
  partner_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  trigger: DeliveryTrigger;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  envelope: string;
}

/** Limits of one claim. */
export interface ClaimOptions {
  /** Most attempts to claim now (free worker slots). */
  limit: number;
  /** Most attempts in flight to one webhook, across every delivery process. */
  perWebhook: number;
  /** How long a claim holds; after it another process may make the attempt. */
  leaseMs: number;
}

/**
 * Claims due attempts, oldest first, keeping two rules across processes: one attempt at a
 * time per webhook and job (events of a job arrive in order), and at most `perWebhook` in
 * flight per webhook (a slow endpoint cannot take every worker).
 */
export function claimDue(sql: Sql, opts: ClaimOptions): Promise<ClaimedAttempt[]> {
  return sql<ClaimedAttempt[]>`
    WITH inflight AS (
      SELECT webhook_id, count(*)::int AS n FROM webhook_deliveries
      WHERE status = 'pending' AND locked_until > now()
      GROUP BY webhook_id
    ), heads AS (
      SELECT DISTINCT ON (webhook_id, job_id) id, webhook_id, seq, locked_until
      FROM webhook_deliveries
      WHERE status = 'pending'
      ORDER BY webhook_id, job_id, seq
    ), ready AS (
      SELECT h.id, h.seq,
             row_number() OVER (PARTITION BY h.webhook_id ORDER BY h.seq) + coalesce(i.n, 0)
               AS slot
      FROM heads h LEFT JOIN inflight i ON i.webhook_id = h.webhook_id
      WHERE h.locked_until IS NULL OR h.locked_until <= now()
    ), picked AS (
      SELECT id FROM ready WHERE slot <= ${opts.perWebhook} ORDER BY seq LIMIT ${opts.limit}
    )
    UPDATE webhook_deliveries d
    SET locked_until = now() + ${opts.leaseMs} * interval '1 millisecond'
    FROM picked p, webhooks w, webhook_events e
    WHERE d.id = p.id AND w.id = d.webhook_id AND e.id = d.event_id AND w.is_active
      AND d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until <= now())
    RETURNING d.id, d.webhook_id, d.partner_id, d.event_id, d.event_type, d.attempt, d.trigger,
              w.url, w.secret, w.previous_secret, w.previous_secret_until, e.envelope`;
}

/** Pending attempts of webhooks that are no longer active are not made. */
export async function cancelInactive(sql: Sql): Promise<number> {
  const rows = await sql`
    UPDATE webhook_deliveries d
    SET status = 'cancelled', error = 'webhook inactive: attempt not made', locked_until = NULL
    FROM webhooks w
    WHERE d.status = 'pending' AND w.id = d.webhook_id AND NOT w.is_active
      AND (d.locked_until IS NULL OR d.locked_until <= now())`;
  return rows.count;
}

/** A due retry taken off a rung, to be queued as attempt `attempt`. */
export function queueRetries(sql: Sql, retries: readonly RetryMessage[]): Promise<number> {
  if (retries.length === 0) return Promise.resolve(0);
  return sql.begin(async (tx) => {
    // A retry of a webhook disabled or paused meanwhile is logged as cancelled, so the log
    // says why the scheduled attempt never came; a deleted webhook has no log any more.
    const rows = await tx`
      INSERT INTO webhook_deliveries
        (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status,
         error)
      SELECT m.id, w.id, e.partner_id, e.id, e.type, e.job_id, m.attempt, 'retry',
             CASE WHEN w.is_active THEN 'pending' ELSE 'cancelled' END,
             CASE WHEN w.is_active THEN NULL ELSE 'webhook inactive: retry not sent' END
      FROM unnest(${retries.map(() => newId("dlv"))}::text[],
                  ${retries.map((r) => r.webhook_id)}::text[],
                  ${retries.map((r) => r.event_id)}::text[],
                  ${retries.map((r) => r.attempt)}::int[]) AS m(id, webhook_id, event_id, attempt)
      JOIN webhooks w ON w.id = m.webhook_id
      JOIN webhook_events e ON e.id = m.event_id
      ON CONFLICT (webhook_id, event_id, attempt) WHERE trigger <> 'redeliver' DO NOTHING`;
    return rows.count;
  }) as Promise<number>;
}

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

/** What a recorded batch led to. */
export interface RecordSummary {
  /** Webhooks disabled by this batch. */
  disabled: string[];
  /** Ladder messages written to the outbox. */
  scheduled: number;
}

/**
 * Records a batch of outcomes in one transaction: the attempts, the failure counts, the
 * ladder messages, and for a dead delivery of a webhook that keeps failing, the disabling
 * with its notice to the partner's admins.
 */
export function recordOutcomes(
  sql: Sql,
  outcomes: readonly AttemptOutcome[],
  opts: LadderTopics & { disableAfter: number },
): Promise<RecordSummary> {
  return sql.begin(async (tx) => {
    await tx`
      UPDATE webhook_deliveries d SET
        status = CASE WHEN m.ok THEN 'succeeded' ELSE 'failed' END,
        status_code = m.status_code, duration_ms = m.duration_ms, error = m.error,
        attempted_at = m.attempted_at, next_step = m.next_step,
        next_attempt_at = m.next_attempt_at, locked_until = NULL
      FROM unnest(${outcomes.map((o) => o.attempt.id)}::text[],
                  ${outcomes.map((o) => String(o.result.ok))}::text[]::boolean[],
                  ${outcomes.map((o) => o.result.statusCode)}::int[],
                  ${outcomes.map((o) => Math.round(o.result.durationMs))}::int[],
                  ${outcomes.map((o) => o.result.error)}::text[],
                  ${outcomes.map((o) => o.attemptedAt.toISOString())}::timestamptz[],
                  ${outcomes.map((o) => o.next?.kind ?? null)}::text[],
                  ${
      outcomes.map((o) => o.next?.kind === "retry" ? o.next.dueAt.toISOString() : null)
    }::timestamptz[])
        AS m(id, ok, status_code, duration_ms, error, attempted_at, next_step, next_attempt_at)
      WHERE d.id = m.id AND d.status = 'pending'`;

    const counts = await applyCounterChanges(tx, outcomes);
    const messages = ladderMessages(outcomes, opts);
    await writeOutbox(tx, messages);

    const disabled: string[] = [];
    for (const o of outcomes) {
      if (o.next?.kind !== "dead") continue;
      const failures = counts.get(o.attempt.webhook_id) ?? 0;
      if (!shouldDisable(failures, opts.disableAfter)) continue;
      const reason = disableReason(failures, o.result.error);
      if (await disableWebhook(tx, o.attempt, { failures, reason })) {
        disabled.push(o.attempt.webhook_id);
      }
    }
    return { disabled, scheduled: messages.length };
  }) as Promise<RecordSummary>;
}

async function applyCounterChanges(
  tx: Tx,
  outcomes: readonly AttemptOutcome[],
): Promise<Map<string, number>> {
  const changes = [...counterChanges(
    outcomes.map((o) => ({ webhookId: o.attempt.webhook_id, ok: o.result.ok })),
  )];
  // postgres.js sends a JS boolean array as one boolean, hence text[] cast to boolean[].
  // A webhook with nothing to change is not written: a stream of 2xx costs no updates.
  const rows = await tx<{ id: string; consecutive_failures: number }[]>`
    UPDATE webhooks w SET consecutive_failures =
      CASE WHEN c.reset THEN 0 ELSE w.consecutive_failures END + c.add
    FROM unnest(${changes.map(([id]) => id)}::text[],
                ${changes.map(([, c]) => String(c.reset))}::text[]::boolean[],
                ${changes.map(([, c]) => c.add)}::int[]) AS c(id, reset, add)
    WHERE w.id = c.id AND (c.add > 0 OR w.consecutive_failures <> 0)
    RETURNING w.id, w.consecutive_failures`;
  return new Map(rows.map((r) => [r.id, r.consecutive_failures]));
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

/** Disables a webhook that is still active; false when it was already off (or gone). */
async function disableWebhook(
  tx: Tx,
  attempt: ClaimedAttempt,
  why: { failures: number; reason: string },
): Promise<boolean> {
  const [row] = await tx<(WebhookRow & { partner_name: string; admin_emails: string[] })[]>`
    UPDATE webhooks w SET is_active = false, disabled_at = now(), disabled_reason = ${why.reason},
      updated_at = now()
    FROM partners p
    WHERE w.id = ${attempt.webhook_id} AND w.is_active AND p.id = w.partner_id
    RETURNING w.*, p.name AS partner_name, p.admin_emails`;
  if (!row) return false;
  // Attempts in flight finish and are recorded; the ones not started are not made.
  await tx`
    UPDATE webhook_deliveries SET status = 'cancelled',
      error = 'webhook disabled: attempt not made', locked_until = NULL
    WHERE webhook_id = ${row.id} AND status = 'pending'
      AND (locked_until IS NULL OR locked_until <= now())`;
  if (row.admin_emails.length > 0) {
    const notice = disabledNotice({
      partnerName: row.partner_name,
      webhookId: row.id,
      url: row.url,
      reason: why.reason,
      failures: why.failures,
      disabledAt: row.disabled_at!,
      lastEventId: attempt.event_id,
    });
    await tx`
      INSERT INTO mail_outbox (recipients, subject, text_body, html_body)
      VALUES (${row.admin_emails}, ${notice.subject}, ${notice.text}, ${notice.html})`;
  }
  return true;
}
