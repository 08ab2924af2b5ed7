/**
 * Deletes what has outlived its retention: soft-deleted jobs after 30 days (the spec), the
 * webhook delivery log after 30 days, and the bookkeeping rows that only guard against
 * redelivery.
 * @module
 */
import type { Sql } from "@hire/db";

/** Retention of soft-deleted jobs, from the spec. */
export const DELETED_JOB_RETENTION_DAYS = 30;
/** Commands older than Kafka's retention of jobs.commands cannot be redelivered. */
export const COMMAND_RESULT_RETENTION_DAYS = 8;
/** Published events stay a while for operators to inspect. */
export const OUTBOX_RETENTION_DAYS = 7;
/** Partners can read their webhook delivery log, and redeliver from it, for 30 days. */
export const DELIVERY_LOG_RETENTION_DAYS = 30;

/** Purges expired rows as of `now`; returns the counts removed. */
export async function purge(sql: Sql, now = new Date()): Promise<Record<string, number>> {
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const jobs = await sql`
    DELETE FROM jobs WHERE deleted_at < ${days(DELETED_JOB_RETENTION_DAYS)}`;
  const results = await sql`
    DELETE FROM command_results WHERE settled_at < ${days(COMMAND_RESULT_RETENTION_DAYS)}`;
  const outbox = await sql`
    DELETE FROM outbox WHERE published_at < ${days(OUTBOX_RETENTION_DAYS)}`;
  const idempotency = await sql`
    DELETE FROM idempotency_keys WHERE created_at < ${days(1)}`;
  // A purged job's matches go with it; they only ever made sense with the job.
  const matches = await sql`
    DELETE FROM matches m WHERE NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = m.job_id)`;
  // Pending attempts are work, never history: kept whatever their age.
  const deliveries = await sql`
    DELETE FROM webhook_deliveries
    WHERE created_at < ${days(DELIVERY_LOG_RETENTION_DAYS)} AND status <> 'pending'`;
  const webhookEvents = await sql`
    DELETE FROM webhook_events e
    WHERE created_at < ${days(DELIVERY_LOG_RETENTION_DAYS)}
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)`;
  const mail = await sql`
    DELETE FROM mail_outbox WHERE sent_at < ${days(DELIVERY_LOG_RETENTION_DAYS)}`;
  return {
    jobs: jobs.count,
    webhook_deliveries: deliveries.count,
    webhook_events: webhookEvents.count,
    mail_outbox: mail.count,
    command_results: results.count,
    outbox: outbox.count,
    idempotency_keys: idempotency.count,
    matches: matches.count,
  };
}
