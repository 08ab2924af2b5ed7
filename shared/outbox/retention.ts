/**
 * Retention of the outbox: published rows stay a while for operators to inspect, then go.
 * Unpublished (queued) rows are work and stay whatever their age.
 * @module
 */
import type { Sql } from "@hire/db";

/** Published events stay a while for operators to inspect. */
export const OUTBOX_RETENTION_DAYS = 7;

/**
 * Deletes the published rows (of every topic) written more than 7 days before `now`; returns
 * how many.
 */
export async function purgePublishedOutbox(sql: Sql, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000);
  const rows = await sql`DELETE FROM outbox o WHERE created_at < ${cutoff}
    AND NOT EXISTS (SELECT 1 FROM outbox_pending q WHERE q.topic = o.topic AND q.seq = o.seq)`;
  return rows.count;
}
