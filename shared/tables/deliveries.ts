/**
 * `webhook_deliveries`: the only code that writes it. One row per attempt; the pending
 * rows are the delivery service's work queue. Delivery queues first attempts (fan-out)
 * and retries (the ladder), claims due attempts under a lease, records what each did and
 * cancels those of a webhook that is off; the edge queues a partner's redelivery and
 * wakes delivery through NOTIFY. Retention: 30 days after the attempt was queued, never
 * a pending one.
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { newId } from "@hire/ids";
import {
  DELIVERIES_CHANNEL,
  type DeliveryRow,
  type DeliveryTrigger,
  type RetryMessage,
} from "@hire/webhooks";
import { daysBefore } from "./days_before.ts";

/** Partners can read their webhook delivery log, and redeliver from it, for 30 days. */
export const DELIVERY_LOG_RETENTION_DAYS = 30;

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
export function claimDueAttempts(sql: Sql, opts: ClaimOptions): Promise<ClaimedAttempt[]> {
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

/** Cancels the unclaimed pending attempts of webhooks no longer active; returns how many. */
export async function cancelInactiveAttempts(sql: Sql): Promise<number> {
  const rows = await sql`
    UPDATE webhook_deliveries d
    SET status = 'cancelled', error = 'webhook inactive: attempt not made', locked_until = NULL
    FROM webhooks w
    WHERE d.status = 'pending' AND w.id = d.webhook_id AND NOT w.is_active
      AND (d.locked_until IS NULL OR d.locked_until <= now())`;
  return rows.count;
}

/** Cancels the unclaimed pending attempts of a webhook just disabled. */
export async function cancelDisabledAttempts(tx: Tx, webhookId: string): Promise<void> {
  await tx`
    UPDATE webhook_deliveries SET status = 'cancelled',
      error = 'webhook disabled: attempt not made', locked_until = NULL
    WHERE webhook_id = ${webhookId} AND status = 'pending'
      AND (locked_until IS NULL OR locked_until <= now())`;
}

/** The first attempt of an event to one webhook. */
export interface FirstAttempt {
  id: string;
  webhookId: string;
  partnerId: string;
  eventId: string;
  eventType: string;
  jobId: string;
}

/**
 * Queues first attempts; one queued before (a redelivered batch) is not queued again.
 * Returns how many were queued now.
 */
export async function queueFirstAttempts(
  tx: Tx,
  attempts: readonly FirstAttempt[],
): Promise<number> {
  const inserted = await tx`
    INSERT INTO webhook_deliveries ${
    tx(attempts.map((a) => ({
      id: a.id,
      webhook_id: a.webhookId,
      partner_id: a.partnerId,
      event_id: a.eventId,
      event_type: a.eventType,
      job_id: a.jobId,
      attempt: 1,
      trigger: "event",
      status: "pending",
    })))
  }
    ON CONFLICT (webhook_id, event_id, attempt) WHERE trigger <> 'redeliver' DO NOTHING`;
  return inserted.count;
}

/**
 * Queues due retries taken off a rung, each as attempt `attempt`, in one transaction; one
 * queued before is not queued again. Returns how many were written now.
 */
export function queueRetryAttempts(sql: Sql, retries: readonly RetryMessage[]): Promise<number> {
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

/**
 * Queues one more attempt of the event of `deliveryId` (a new delivery id, the same event)
 * and wakes the delivery service through NOTIFY, or returns undefined when the webhook has
 * no such delivery.
 */
export function queueRedelivery(
  sql: Sql,
  of: { webhookId: string; deliveryId: string },
): Promise<DeliveryRow | undefined> {
  const { webhookId, deliveryId } = of;
  return sql.begin(async (tx) => {
    const [row] = await tx<DeliveryRow[]>`
      INSERT INTO webhook_deliveries
        (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status)
      SELECT ${newId("dlv")}, d.webhook_id, d.partner_id, d.event_id, d.event_type, d.job_id,
             (SELECT max(attempt) + 1 FROM webhook_deliveries
              WHERE webhook_id = d.webhook_id AND event_id = d.event_id),
             'redeliver', 'pending'
      FROM webhook_deliveries d
      WHERE d.id = ${deliveryId} AND d.webhook_id = ${webhookId}
      RETURNING *`;
    if (row) await tx`SELECT pg_notify(${DELIVERIES_CHANNEL}, ${webhookId})`;
    return row;
  }) as Promise<DeliveryRow | undefined>;
}

/** What an attempt did, and for a failure the step after it. */
export interface AttemptRecord {
  id: string;
  ok: boolean;
  /** null when no response arrived */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  attemptedAt: Date;
  nextStep: "retry" | "dead" | "none" | null;
  /** When the retry is due, for `nextStep` retry. */
  nextAttemptAt: Date | null;
}

/** Records what claimed attempts did; one no longer pending (cancelled meanwhile) stays. */
export async function recordAttempts(tx: Tx, records: readonly AttemptRecord[]): Promise<void> {
  await tx`
    UPDATE webhook_deliveries d SET
      status = CASE WHEN m.ok THEN 'succeeded' ELSE 'failed' END,
      status_code = m.status_code, duration_ms = m.duration_ms, error = m.error,
      attempted_at = m.attempted_at, next_step = m.next_step,
      next_attempt_at = m.next_attempt_at, locked_until = NULL
    FROM unnest(${records.map((r) => r.id)}::text[],
                ${records.map((r) => String(r.ok))}::text[]::boolean[],
                ${records.map((r) => r.statusCode)}::int[],
                ${records.map((r) => Math.round(r.durationMs))}::int[],
                ${records.map((r) => r.error)}::text[],
                ${records.map((r) => r.attemptedAt.toISOString())}::timestamptz[],
                ${records.map((r) => r.nextStep)}::text[],
                ${records.map((r) => r.nextAttemptAt?.toISOString() ?? null)}::timestamptz[])
      AS m(id, ok, status_code, duration_ms, error, attempted_at, next_step, next_attempt_at)
    WHERE d.id = m.id AND d.status = 'pending'`;
}

/**
 * Deletes log entries queued more than 30 days before `now`; a pending attempt is work,
 * never history, and stays whatever its age. Returns how many.
 */
export async function purgeDeliveryLog(sql: Sql, now: Date): Promise<number> {
  const rows = await sql`
    DELETE FROM webhook_deliveries
    WHERE created_at < ${daysBefore(now, DELIVERY_LOG_RETENTION_DAYS)} AND status <> 'pending'`;
  return rows.count;
}
