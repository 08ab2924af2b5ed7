/**
 * `webhook_deliveries` and `delivery_queue`: the only code that writes them. The log holds one
 * row per attempt; each pending attempt also stands in the queue, a narrow table that is the
 * delivery service's work queue, from the statement that logs it to the one that records or
 * cancels it (migration 0018 says why it is apart). Delivery queues first attempts (fan-out)
 * and retries (the ladder), claims due attempts under a lease, records what each did (with
 * the headers sent and the start of the answer) and cancels those of a webhook that is off
 * or whose partner's plan has no webhooks; a partner's redeliveries, recoveries and test
 * events are queued through `@hire/accounts` (by the edge or the console), which wakes
 * delivery through NOTIFY. Retention: 30 days after the attempt was queued, never a pending
 * one.
 * @module
 */
import { type Sql, type Tx, unnestSelect } from "@hire/db";
import { newId } from "@hire/ids";
import { planIncludes, PLANS } from "@hire/partners";
import {
  DELIVERIES_CHANNEL,
  DELIVERY_LOG_RETENTION_DAYS,
  type DeliveryRow,
  type DeliveryTrigger,
  type RetryMessage,
  type SealedSecretColumns,
} from "@hire/webhooks";
import { daysBefore } from "./days_before.ts";
import { insertWebhookEvents, type WebhookEventRow } from "./webhook_events.ts";

export { DELIVERY_LOG_RETENTION_DAYS };

/** Plans whose partners get deliveries; attempts of the others are never made. */
const WEBHOOK_PLANS = PLANS.filter((p) => planIncludes(p, "webhooks"));

/**
 * Queues the pending attempts among `logged`, the rows a statement's first part has just
 * inserted into the log (`RETURNING *`); every insert of an attempt ends with it.
 */
const queueLogged = (q: Sql | Tx) =>
  q`INSERT INTO delivery_queue (delivery_id, seq, webhook_id, partner_id, job_id, trigger)
    SELECT id, seq, webhook_id, partner_id, job_id, trigger FROM logged
    WHERE status = 'pending'`;

/**
 * A claimed attempt with what sending it needs; its webhook's secrets are sealed
 * (`openSigningSecrets` of `@hire/webhooks` opens those that sign).
 */
export interface ClaimedAttempt extends SealedSecretColumns {
  id: string;
  webhook_id: string;
  partner_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  trigger: DeliveryTrigger;
  url: string;
  envelope: string;
}

/** Limits of one claim. */
export interface ClaimOptions {
  /** Most attempts to claim now (free worker slots). */
  limit: number;
  /** Most attempts in flight to one webhook, across every delivery process. */
  perWebhook: number;
  /** Most attempts in flight to the webhooks of one partner, across every delivery process. */
  perPartner: number;
  /** How long a claim holds; after it another process may make the attempt. */
  leaseMs: number;
  /**
   * The claiming process's attempts whose answer is in and whose record has not committed:
   * no request of theirs is out, so they take no place under either cap. They stay claimed
   * (their lease) and stay their job's head, so the job's next attempt still waits for the
   * record. Other processes count them until they are recorded.
   */
  answered?: readonly string[];
}

/**
 * Pending attempts a claim reads per webhook, oldest first. A claim costs the same however deep
 * a backlog is; the price is that when a webhook's oldest attempts all wait behind jobs already
 * in flight, a younger attempt of another job waits for the next claim after them.
 */
export function claimWindow(perWebhook: number): number {
  return Math.max(64, 4 * perWebhook);
}

/**
 * The ids of the webhooks with attempts queued, as an array, one probe of the queue's index
 * each (a skip scan). Most webhooks have none at any moment: what starts from every webhook
 * costs with the platform's size, not its work (a claim took 2.65 ms beside 1,000 idle
 * webhooks and 62.1 ms beside 10,000, bench/results/claim-scale-before.md). An array, so that
 * the webhooks are then read by key: a join would be planned to read them all.
 */
function queuedWebhookIds(q: Sql | Tx) {
  return q`ARRAY(
    WITH RECURSIVE queued AS (
      (SELECT webhook_id FROM delivery_queue ORDER BY webhook_id LIMIT 1)
      UNION ALL
      SELECT (SELECT n.webhook_id FROM delivery_queue n WHERE n.webhook_id > s.webhook_id
              ORDER BY n.webhook_id LIMIT 1)
      FROM queued s WHERE s.webhook_id IS NOT NULL
    )
    SELECT webhook_id FROM queued WHERE webhook_id IS NOT NULL)`;
}

/**
 * Claims due attempts, keeping three rules across processes: one attempt at a time per
 * webhook and job (events of a job arrive in order, each once its predecessor is recorded),
 * at most `perWebhook` requests in flight per webhook and at most `perPartner` per partner
 * (slow endpoints cannot take every worker).
 * Free slots go round-robin: first to the partners with the fewest attempts in flight,
 * within a partner to its webhooks with the fewest, then oldest first; so a partner with
 * due work is served at the next free slot however much another has queued. Attempts of
 * inactive webhooks (but test events, which a paused or disabled webhook may be sent) and
 * of partners whose plan has no webhooks are not claimed. Returned oldest first.
 */
export function claimDueAttempts(
  q: Sql | Tx,
  opts: ClaimOptions,
): Promise<ClaimedAttempt[]> {
  return q<ClaimedAttempt[]>`
    WITH inflight AS (
      SELECT webhook_id, partner_id, count(*)::int AS n FROM delivery_queue
      WHERE locked_until > now() AND delivery_id <> ALL(${opts.answered ?? []}::text[])
      GROUP BY webhook_id, partner_id
    ), partner_inflight AS (
      SELECT partner_id, sum(n)::int AS n FROM inflight GROUP BY partner_id
    ), open AS (
      -- A partner or webhook at its cap can have nothing claimed: its backlog is not read,
      -- which a hung partner's would otherwise dominate.
      SELECT w.id, w.partner_id, w.is_active, coalesce(i.n, 0) AS webhook_n,
             coalesce(pi.n, 0) AS partner_n
      FROM webhooks w
      JOIN partners p ON p.id = w.partner_id AND p.plan = ANY(${WEBHOOK_PLANS}::text[])
      LEFT JOIN inflight i ON i.webhook_id = w.id
      LEFT JOIN partner_inflight pi ON pi.partner_id = w.partner_id
      WHERE w.id = ANY(${queuedWebhookIds(q)})
        AND coalesce(i.n, 0) < ${opts.perWebhook} AND coalesce(pi.n, 0) < ${opts.perPartner}
    ), ready AS (
      -- Each webhook's oldest claimable heads, no more than both caps leave room for; the
      -- scan stops there. A head is its job's oldest pending attempt: one probe of the job's
      -- index, written as min() so that a plan made while the table was small (a prepared
      -- statement's) still probes by job. Only the webhook's oldest pending attempts are
      -- read, and every attempt older than one of them is among them. webhook_slot: the
      -- place an attempt would take among its webhook's in flight.
      SELECT c.id, o.partner_id, c.seq, o.partner_n,
             row_number() OVER (PARTITION BY o.id ORDER BY c.seq) + o.webhook_n AS webhook_slot
      FROM open o
      CROSS JOIN LATERAL (
        SELECT d.delivery_id AS id, d.seq FROM (
          SELECT delivery_id, job_id, seq, locked_until, trigger FROM delivery_queue
          WHERE webhook_id = o.id
          ORDER BY seq LIMIT ${claimWindow(opts.perWebhook)}
        ) d
        WHERE (d.locked_until IS NULL OR d.locked_until <= now())
          AND (o.is_active OR d.trigger = 'test')
          AND d.seq = (SELECT min(b.seq) FROM delivery_queue b
                       WHERE b.webhook_id = o.id AND b.job_id = d.job_id)
        ORDER BY d.seq
        LIMIT least(${opts.perWebhook} - o.webhook_n, ${opts.perPartner} - o.partner_n)
      ) c
    ), fair AS (
      -- partner_slot: the same among its partner's; the least busy webhook goes first.
      SELECT id, seq,
             row_number() OVER (PARTITION BY partner_id ORDER BY webhook_slot, seq) + partner_n
               AS partner_slot
      FROM ready
    ), picked AS (
      SELECT id FROM fair WHERE partner_slot <= ${opts.perPartner}
      ORDER BY partner_slot, seq LIMIT ${opts.limit}
    ), claimed AS (
      UPDATE delivery_queue q
      SET locked_until = now() + ${opts.leaseMs} * interval '1 millisecond'
      FROM webhook_deliveries d, webhooks w, webhook_events e
      WHERE q.delivery_id = ANY (ARRAY(SELECT id FROM picked)) AND d.id = q.delivery_id
        AND w.id = q.webhook_id AND e.id = d.event_id AND (w.is_active OR q.trigger = 'test')
        AND (q.locked_until IS NULL OR q.locked_until <= now())
      RETURNING q.seq, d.id, d.webhook_id, d.partner_id, d.event_id, d.event_type, d.attempt,
                d.trigger, w.url, w.secret_ciphertext, w.secret_key_id,
                w.previous_secret_ciphertext, w.previous_secret_key_id,
                w.previous_secret_until, e.envelope
    )
    SELECT id, webhook_id, partner_id, event_id, event_type, attempt, trigger, url,
           secret_ciphertext, secret_key_id, previous_secret_ciphertext, previous_secret_key_id,
           previous_secret_until, envelope
    FROM claimed ORDER BY seq`;
}

/**
 * Cancels the unclaimed pending attempts of webhooks no longer active (test events aside),
 * and of partners whose plan has no webhooks (moved down to Sandbox); returns how many.
 */
export async function cancelInactiveAttempts(q: Sql | Tx): Promise<number> {
  const rows = await q`
    WITH gone AS (
      DELETE FROM delivery_queue q USING webhooks w, partners p
      -- From the few webhooks concerned to their queued attempts by index: this runs every
      -- poll, and a join the other way read the whole backlog each time (90 ms with 19,000
      -- pending).
      WHERE q.webhook_id = ANY(ARRAY(
          SELECT iw.id FROM webhooks iw JOIN partners ip ON ip.id = iw.partner_id
          WHERE iw.id = ANY(${queuedWebhookIds(q)})
            AND (NOT iw.is_active OR ip.plan <> ALL(${WEBHOOK_PLANS}::text[]))))
        AND w.id = q.webhook_id AND p.id = w.partner_id
        AND ((NOT w.is_active AND q.trigger <> 'test') OR p.plan <> ALL(${WEBHOOK_PLANS}::text[]))
        AND (q.locked_until IS NULL OR q.locked_until <= now())
      RETURNING q.delivery_id,
        CASE WHEN w.is_active OR q.trigger = 'test'
             THEN 'plan ' || p.plan || ' has no webhooks: attempt not made'
             ELSE 'webhook inactive: attempt not made' END AS error
    )
    UPDATE webhook_deliveries d SET status = 'cancelled', error = gone.error
    FROM gone WHERE d.id = gone.delivery_id`;
  return rows.count;
}

/**
 * Cancels the unclaimed pending attempts of a webhook just disabled; its test events still
 * go (a disabled webhook may be sent one).
 */
export async function cancelDisabledAttempts(tx: Tx, webhookId: string): Promise<void> {
  await tx`
    WITH gone AS (
      DELETE FROM delivery_queue
      WHERE webhook_id = ${webhookId} AND trigger <> 'test'
        AND (locked_until IS NULL OR locked_until <= now())
      RETURNING delivery_id
    )
    UPDATE webhook_deliveries SET status = 'cancelled', error = 'webhook disabled: attempt not made'
    WHERE id IN (SELECT delivery_id FROM gone)`;
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

/** The first attempt of a stored event to one of its partner's webhooks. */
export const firstAttemptOf = (
  event: Omit<WebhookEventRow, "envelope">,
  webhookId: string,
  id: string = newId("dlv"),
): FirstAttempt => ({
  id,
  webhookId,
  partnerId: event.partner_id,
  eventId: event.id,
  eventType: event.type,
  jobId: event.job_id,
});

const FIRST_ATTEMPT_COLUMNS = {
  id: "text",
  webhook_id: "text",
  partner_id: "text",
  event_id: "text",
  event_type: "text",
  job_id: "text",
} as const;

/**
 * Queues first attempts, and stores the `events` they send (those not stored yet) in the same
 * statement: the fan-out's one round trip. One queued before (a redelivered batch) is not
 * queued again. Returns how many were queued now.
 */
export async function queueFirstAttempts(
  q: Sql | Tx,
  attempts: readonly FirstAttempt[],
  events: readonly WebhookEventRow[] = [],
): Promise<number> {
  if (attempts.length === 0) return 0;
  const rows = attempts.map((a) => ({
    id: a.id,
    webhook_id: a.webhookId,
    partner_id: a.partnerId,
    event_id: a.eventId,
    event_type: a.eventType,
    job_id: a.jobId,
  }));
  // The log's foreign key to the events is checked at the statement's end, when the events
  // stored by its first part are there.
  const [inserted] = await q<{ n: number }[]>`
    WITH stored AS (${insertWebhookEvents(q, events)}), logged AS (
      INSERT INTO webhook_deliveries
        (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status)
      SELECT f.id, f.webhook_id, f.partner_id, f.event_id, f.event_type, f.job_id, 1, 'event',
             'pending'
      FROM (${unnestSelect(q, rows, FIRST_ATTEMPT_COLUMNS)}) AS f
      ON CONFLICT (webhook_id, event_id, attempt) WHERE trigger IN ('event', 'retry') DO NOTHING
      RETURNING *
    ), queued AS (${queueLogged(q)})
    SELECT count(*)::int AS n FROM logged`;
  return inserted!.n;
}

/** Why a retry message does not hold together: nothing is queued for it. */
export type RetryMismatch =
  /** The event it names was never fanned out. */
  | "unknown_event"
  /** The webhook it names is not a webhook of the event's partner. */
  | "webhook_of_other_partner"
  /** Its previous delivery is not the failed attempt before it, to that webhook, of that event. */
  | "not_previous_delivery";

/** A retry refused, by its index among those given, with the partners it named. */
export interface RefusedRetry {
  index: number;
  reason: RetryMismatch;
  webhookPartnerId: string;
  eventPartnerId: string | null;
}

/** What the tables say about a retry message's ids. */
interface RetryFacts {
  index: number;
  webhook_partner_id: string | null;
  event_partner_id: string | null;
  follows_previous: boolean | null;
}

// A deleted webhook (no partner) gets nothing, and says nothing about the message.
function retryMismatch(f: RetryFacts): RetryMismatch | undefined {
  if (f.webhook_partner_id === null) return undefined;
  if (f.event_partner_id === null) return "unknown_event";
  if (f.webhook_partner_id !== f.event_partner_id) return "webhook_of_other_partner";
  if (!f.follows_previous) return "not_previous_delivery";
  return undefined;
}

/**
 * Queues due retries taken off a rung, each as attempt `attempt`, in one transaction; one
 * queued before is not queued again. A retry whose webhook, event and previous delivery do
 * not belong together (a forged or corrupt message: it could send one partner's event to
 * another partner's URL) is refused and returned, and nothing is written for it. Returns
 * how many were written now, and the refused.
 */
export function queueRetryAttempts(
  sql: Sql,
  retries: readonly RetryMessage[],
): Promise<{ queued: number; refused: RefusedRetry[] }> {
  if (retries.length === 0) return Promise.resolve({ queued: 0, refused: [] });
  return sql.begin(async (tx) => {
    // Ids only: the partners of a webhook and of an event, and a delivery's webhook, event
    // and attempt, never change, so what is read here holds at the insert.
    const messages = unnestSelect(tx, retries.map((r, index) => ({ ...r, index })), {
      index: "int",
      webhook_id: "text",
      event_id: "text",
      previous_delivery_id: "text",
      attempt: "int",
    });
    const facts = await tx<RetryFacts[]>`
      SELECT m.index, w.partner_id AS webhook_partner_id,
             e.partner_id AS event_partner_id,
             (d.webhook_id = m.webhook_id AND d.event_id = m.event_id
               AND d.attempt + 1 = m.attempt) AS follows_previous
      FROM (${messages}) AS m
      LEFT JOIN webhooks w ON w.id = m.webhook_id
      LEFT JOIN webhook_events e ON e.id = m.event_id
      LEFT JOIN webhook_deliveries d ON d.id = m.previous_delivery_id`;
    const refused = facts.flatMap((f): RefusedRetry[] => {
      const reason = retryMismatch(f);
      return reason
        ? [{
          index: f.index,
          reason,
          webhookPartnerId: f.webhook_partner_id!,
          eventPartnerId: f.event_partner_id,
        }]
        : [];
    });
    const refusedAt = new Set(refused.map((r) => r.index));
    const sound = retries.filter((_, i) => !refusedAt.has(i));
    if (sound.length === 0) return { queued: 0, refused };
    // A retry of a webhook disabled or paused meanwhile, or of a partner moved down to a
    // plan without webhooks, is logged as cancelled, so the log says why the scheduled
    // attempt never came; a deleted webhook has no log any more.
    const attempts = unnestSelect(tx, sound.map((r) => ({ ...r, id: newId("dlv") })), {
      id: "text",
      webhook_id: "text",
      event_id: "text",
      attempt: "int",
    });
    const [written] = await tx<{ n: number }[]>`
      WITH logged AS (
      INSERT INTO webhook_deliveries
        (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status,
         error)
      SELECT m.id, w.id, e.partner_id, e.id, e.type, e.job_id, m.attempt, 'retry',
             CASE WHEN w.is_active AND p.plan = ANY(${WEBHOOK_PLANS}::text[]) THEN 'pending'
                  ELSE 'cancelled' END,
             CASE WHEN NOT w.is_active THEN 'webhook inactive: retry not sent'
                  WHEN p.plan <> ALL(${WEBHOOK_PLANS}::text[])
                    THEN 'plan ' || p.plan || ' has no webhooks: retry not sent' END
      FROM (${attempts}) AS m
      JOIN webhooks w ON w.id = m.webhook_id
      JOIN partners p ON p.id = w.partner_id
      JOIN webhook_events e ON e.id = m.event_id
      ON CONFLICT (webhook_id, event_id, attempt) WHERE trigger IN ('event', 'retry') DO NOTHING
      RETURNING *
      ), queued AS (${queueLogged(tx)})
      SELECT count(*)::int AS n FROM logged`;
    return { queued: written!.n, refused };
  }) as Promise<{ queued: number; refused: RefusedRetry[] }>;
}

/** Wakes the delivery service: an attempt was queued outside Kafka. */
async function wakeDelivery(tx: Tx, webhookId: string): Promise<void> {
  await tx`SELECT pg_notify(${DELIVERIES_CHANNEL}, ${webhookId})`;
}

/**
 * Queues one more attempt of the event of each of `deliveryIds`, in that order, each with a
 * new delivery id and the next attempt number of its event. A test event's stays a test.
 */
async function insertRedeliveries(
  tx: Tx,
  webhookId: string,
  deliveryIds: readonly string[],
): Promise<DeliveryRow[]> {
  if (deliveryIds.length === 0) return [];
  const redelivered = unnestSelect(
    tx,
    deliveryIds.map((id, i) => ({ i, id, new_id: newId("dlv") })),
    { i: "int", id: "text", new_id: "text" },
  );
  const rows = await tx<DeliveryRow[]>`
    WITH logged AS (
    INSERT INTO webhook_deliveries
      (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status)
    SELECT m.new_id, d.webhook_id, d.partner_id, d.event_id, d.event_type, d.job_id,
           (SELECT max(attempt) + 1 FROM webhook_deliveries
            WHERE webhook_id = d.webhook_id AND event_id = d.event_id),
           CASE WHEN d.trigger = 'test' THEN 'test' ELSE 'redeliver' END, 'pending'
    FROM (${redelivered}) AS m
    JOIN webhook_deliveries d ON d.id = m.id AND d.webhook_id = ${webhookId}
    ORDER BY m.i
    RETURNING *
    ), queued AS (${queueLogged(tx)})
    -- seq follows the order of insertion.
    SELECT * FROM logged ORDER BY seq`;
  if (rows.length > 0) await wakeDelivery(tx, webhookId);
  return [...rows];
}

/**
 * Queues one more attempt of the event of `deliveryId` (a new delivery id, the same event)
 * and wakes the delivery service through NOTIFY, or returns undefined when the webhook has
 * no such delivery.
 */
export async function queueRedelivery(
  tx: Tx,
  of: { webhookId: string; deliveryId: string },
): Promise<DeliveryRow | undefined> {
  const [row] = await insertRedeliveries(tx, of.webhookId, [of.deliveryId]);
  return row;
}

/** What a recovery found, and queued unless it was a dry run. */
export interface Recovery {
  /** Events resent (or that would be), at most the limit. */
  count: number;
  /** More were found than the limit: another recovery takes the next ones. */
  capped: boolean;
}

/**
 * Resends, oldest first and at most `limit`, every event first queued to the webhook at or
 * after `since` whose latest attempt failed for good (given up after the ladder, or a
 * redelivery that failed) or was never made (cancelled while the webhook was off): one
 * redelivery each. An event with a retry still to come, or an attempt pending, is left;
 * test events are never resent. With `dryRun` nothing is queued. The caller holds the
 * webhook's row lock (`lockWebhook`), so two recoveries at once cannot both resend an event.
 */
export async function queueRecovery(
  tx: Tx,
  of: { webhookId: string; since: Date; limit: number; dryRun: boolean },
): Promise<Recovery> {
  const { webhookId, since } = of;
  // Every attempt of an event is queued with it or after it, so the time filter on the
  // attempts (which the log's index serves) keeps every attempt of the events it keeps.
  const found = await tx<{ id: string }[]>`
    SELECT id FROM (
      SELECT DISTINCT ON (d.event_id) d.id, d.event_id, d.status, d.next_step, d.trigger,
             e.created_at AS event_at
      FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
      WHERE d.webhook_id = ${webhookId} AND d.created_at >= ${since}
        AND e.created_at >= ${since}
      ORDER BY d.event_id, d.seq DESC
    ) latest
    WHERE trigger <> 'test'
      AND (status = 'cancelled' OR (status = 'failed' AND next_step IN ('dead', 'none')))
    ORDER BY event_at, event_id
    LIMIT ${of.limit + 1}`;
  const chosen = found.slice(0, of.limit).map((r) => r.id);
  if (!of.dryRun) await insertRedeliveries(tx, webhookId, chosen);
  return { count: chosen.length, capped: found.length > of.limit };
}

/**
 * Queues a test event's one attempt (`trigger` test: never retried, never counted toward
 * the webhook's failures, made even while the webhook is off) and wakes the delivery
 * service. The event's envelope is stored first (`storeWebhookEvents`).
 */
export async function queueTestAttempt(tx: Tx, attempt: FirstAttempt): Promise<DeliveryRow> {
  const [row] = await tx<DeliveryRow[]>`
    WITH logged AS (
      INSERT INTO webhook_deliveries
        (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status)
      VALUES (${attempt.id}, ${attempt.webhookId}, ${attempt.partnerId}, ${attempt.eventId},
              ${attempt.eventType}, ${attempt.jobId}, 1, 'test', 'pending')
      RETURNING *
    ), queued AS (${queueLogged(tx)})
    SELECT * FROM logged`;
  await wakeDelivery(tx, attempt.webhookId);
  return row!;
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
  /** The headers sent, `Content-Length` included; null when no request went out. */
  requestHeaders: Record<string, string> | null;
  /** The start of the response body as text; null when no response came. */
  responseExcerpt: string | null;
}

const ATTEMPT_RECORD_COLUMNS = {
  id: "text",
  ok: "boolean",
  status_code: "int",
  duration_ms: "int",
  error: "text",
  attempted_at: "timestamptz",
  next_step: "text",
  next_attempt_at: "timestamptz",
  request_headers: "jsonb",
  response_excerpt: "text",
} as const;

/**
 * Records what claimed attempts did, taking them off the queue; one no longer queued
 * (cancelled meanwhile) stays as it is.
 */
export async function recordAttempts(tx: Tx, records: readonly AttemptRecord[]): Promise<void> {
  const rows = records.map((r) => ({
    id: r.id,
    ok: r.ok,
    status_code: r.statusCode,
    duration_ms: Math.round(r.durationMs),
    error: r.error,
    attempted_at: r.attemptedAt,
    next_step: r.nextStep,
    next_attempt_at: r.nextAttemptAt,
    request_headers: r.requestHeaders,
    response_excerpt: r.responseExcerpt,
  }));
  await tx`
    WITH m AS (${unnestSelect(tx, rows, ATTEMPT_RECORD_COLUMNS)}), done AS (
      DELETE FROM delivery_queue q USING m WHERE q.delivery_id = m.id RETURNING q.delivery_id
    )
    UPDATE webhook_deliveries d SET
      status = CASE WHEN m.ok THEN 'succeeded' ELSE 'failed' END,
      status_code = m.status_code, duration_ms = m.duration_ms, error = m.error,
      attempted_at = m.attempted_at, next_step = m.next_step,
      next_attempt_at = m.next_attempt_at, request_headers = m.request_headers,
      response_excerpt = m.response_excerpt
    FROM m JOIN done ON done.delivery_id = m.id
    WHERE d.id = m.id`;
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
