/**
 * Fan-out: each public event becomes one pending first attempt per active webhook of its
 * partner that subscribes to its type and was registered by the time the event happened,
 * while the partner's plan includes webhooks: the webhooks read, the attempts planned, then
 * written in one statement per batch of events, before the batch's offsets are committed, so
 * a crash in between only repeats work the unique indexes turn into no-ops.
 * @module
 */
import type { Sql } from "@hire/db";
import type { JobEvent } from "@hire/jobs";
import { publicEnvelope } from "@hire/jobs";
import { type Plan, planIncludes } from "@hire/partners";
import { firstAttemptOf, queueFirstAttempts, type WebhookEventRow } from "@hire/tables";

/** A webhook as fan-out needs it. */
export interface Subscription {
  id: string;
  partner_id: string;
  events: string[];
  created_at: Date;
  /** The partner's plan now. */
  plan: Plan;
}

/** One first attempt to queue. */
export interface PlannedAttempt {
  deliveryId: string;
  webhookId: string;
  event: JobEvent;
}

/**
 * Pairs events with the subscriptions that receive them; pure, in event order. A webhook
 * never receives what happened before it was registered, so reading the topic from its
 * start (a new deployment, a new consumer group) sends nothing old; nor what happens while
 * its partner is on a plan without webhooks (Sandbox), which is not kept for an upgrade.
 */
export function planFanOut(
  events: readonly JobEvent[],
  subscriptions: readonly Subscription[],
  newDeliveryId: () => string,
): PlannedAttempt[] {
  return events.flatMap((event) =>
    subscriptions
      .filter((s) =>
        s.partner_id === event.partner_id && s.events.includes(event.type) &&
        Date.parse(event.created_at) >= s.created_at.getTime() &&
        planIncludes(s.plan, "webhooks")
      )
      .map((s) => ({ deliveryId: newDeliveryId(), webhookId: s.id, event }))
  );
}

/** The job an event is about: the key that orders its deliveries. */
export function jobIdOf(event: JobEvent): string {
  return "job" in event.data ? event.data.job.id : event.data.job_id;
}

/** The active webhooks of the partners named, with their plans: what fan-out plans from. */
export async function subscriptionsOf(
  sql: Sql,
  partnerIds: readonly string[],
): Promise<Subscription[]> {
  const partners = [...new Set(partnerIds)];
  if (partners.length === 0) return [];
  return await sql<Subscription[]>`
    SELECT w.id, w.partner_id, w.events, w.created_at, p.plan
    FROM webhooks w JOIN partners p ON p.id = w.partner_id
    WHERE w.partner_id = ANY(${partners}) AND w.is_active`;
}

/**
 * Queues planned first attempts and stores their events, in one statement; returns how many
 * were queued now (a redelivered batch queues none). The claim waits for its commit, and a
 * transaction of five round trips made it wait longer (docs/performance.md, Webhook delivery).
 */
export async function queuePlanned(sql: Sql, planned: readonly PlannedAttempt[]): Promise<number> {
  if (planned.length === 0) return 0;
  const sent = new Map<string, WebhookEventRow>();
  for (const { event: e } of planned) {
    if (sent.has(e.id)) continue;
    const envelope = JSON.stringify(publicEnvelope(e));
    sent.set(e.id, {
      id: e.id,
      partner_id: e.partner_id,
      job_id: jobIdOf(e),
      type: e.type,
      envelope,
    });
  }
  return await queueFirstAttempts(
    sql,
    planned.map((p) => firstAttemptOf(sent.get(p.event.id)!, p.webhookId, p.deliveryId)),
    [...sent.values()],
  );
}
