/**
 * Webhook rows written straight into `webhooks`, for tests of what reads them (fan-out, the
 * claim, retention): none of registration's checks, and the secret in plaintext, as rows
 * stored before secrets were sealed are (the delivery service still signs with those).
 */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";

/** Inserts an active webhook of `partnerId` and returns its id. */
export async function insertWebhookRow(sql: Sql, opts: {
  partnerId: string;
  /** Default `job.deleted` only. */
  events?: readonly string[];
  /** Default a URL of its own at example.sa. */
  url?: string;
  secret?: string;
  /** Default a minute ago, so that events happening now are sent to it. */
  createdAt?: Date;
}): Promise<string> {
  const id = newId("wh");
  const createdAt = opts.createdAt ?? new Date(Date.now() - 60_000);
  await sql`
    INSERT INTO webhooks (id, partner_id, url, events, is_active, secret, created_at, updated_at)
    VALUES (${id}, ${opts.partnerId}, ${opts.url ?? `https://example.sa/hook/${id}`},
            ${[...(opts.events ?? ["job.deleted"])]}, true, ${opts.secret ?? "whsec_test"},
            ${createdAt}, ${createdAt})`;
  return id;
}

/**
 * `count` active webhooks, two to a partner on Growth made for them, at one statement each:
 * the many with nothing queued that a claim must not read.
 */
export async function insertIdleWebhookRows(sql: Sql, count: number): Promise<void> {
  if (count === 0) return;
  const partners = Math.ceil(count / 2);
  await sql`INSERT INTO partners (id, name, plan)
    SELECT 'ptn_idle' || g, 'Idle ' || g, 'growth' FROM generate_series(1, ${partners}) g`;
  await sql`INSERT INTO webhooks (id, partner_id, url, events, is_active, secret, created_at,
                                  updated_at)
    SELECT 'wh_idle' || g, 'ptn_idle' || (g % ${partners} + 1), 'https://example.sa/idle/' || g,
           '{job.deleted}', true, 'whsec_test', now(), now()
    FROM generate_series(1, ${count}) g`;
}

/**
 * A partner on Growth with two webhooks, `events` events of it and a succeeded first attempt of
 * each to both, at one statement each: every other event (and its attempts) `oldDays` old, the
 * rest a day old. The log as the retention purge meets it.
 */
export async function insertAgedDeliveryLog(
  sql: Sql,
  opts: { events: number; oldDays: number },
): Promise<void> {
  const partnerId = newId("ptr");
  await sql`INSERT INTO partners (id, name, plan) VALUES (${partnerId}, 'Aged log', 'growth')`;
  const webhookIds = [
    await insertWebhookRow(sql, { partnerId }),
    await insertWebhookRow(sql, { partnerId }),
  ];
  // Of row g of the series each statement draws.
  const age = () =>
    sql`now() - CASE WHEN g % 2 = 0 THEN ${opts.oldDays} * interval '1 day'
                     ELSE interval '1 day' END`;
  await sql`INSERT INTO webhook_events (id, partner_id, job_id, type, envelope, created_at)
    SELECT 'evt_aged' || g, ${partnerId}, 'job_aged' || g, 'job.deleted', '{}', ${age()}
    FROM generate_series(1, ${opts.events}) g`;
  await sql`INSERT INTO webhook_deliveries
      (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status,
       created_at)
    SELECT 'dlv_aged' || w.n || '_' || g, w.id, ${partnerId}, 'evt_aged' || g,
           'job.deleted', 'job_aged' || g, 1, 'event', 'succeeded', ${age()}
    FROM generate_series(1, ${opts.events}) g,
         unnest(${webhookIds}::text[]) WITH ORDINALITY AS w(id, n)`;
}
