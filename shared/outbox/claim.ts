/**
 * Claiming what the flusher publishes next: in one statement, the lock of each topic no other
 * flusher holds and the oldest page of its queued rows (`outbox_pending`), taken off the queue
 * in the caller's transaction, which commits once Kafka has them or rolls back.
 * @module
 */
import type { Tx } from "@hire/db";

// With hashtext(topic) as the second key: one advisory lock per topic.
const LOCK_SPACE = 7_420_002;

/** An outbox row claimed for publishing. */
export interface ClaimedRow {
  seq: string;
  topic: string;
  key: string;
  payload: Record<string, unknown>;
}

/**
 * Takes the lock of each of `topics` that is free and the oldest `page` queued rows of each
 * locked topic off the queue; returns those rows in the order they were written.
 *
 * The statement's snapshot is older than the locks it takes, so it may see queue entries
 * another flusher took and committed just before releasing a lock; the DELETE finds those
 * gone as it comes to them (READ COMMITTED checks a row changed meanwhile again) and leaves
 * them out, so nothing is published twice. An entry whose outbox row is gone (deleted by
 * hand) leaves with the page and publishes nothing.
 */
export async function claimPages(
  tx: Tx,
  topics: readonly string[],
  page: number,
): Promise<ClaimedRow[]> {
  if (topics.length === 0) return [];
  const rows = await tx<ClaimedRow[]>`
    WITH locked AS MATERIALIZED (
      SELECT topic FROM unnest(${topics as string[]}::text[]) AS t(topic)
      WHERE pg_try_advisory_xact_lock(${LOCK_SPACE}, hashtext(topic))
    ), taken AS (
      -- The page's rows by their place in the table (queue rows are never updated, so a
      -- place names one row while the statement runs), not by a join: the queue is near
      -- empty when its statistics are taken, and a plan made by them read the whole queue
      -- for every row taken (5.5 s a page behind 40,000 queued rows, 2.1 ms so;
      -- bench/results/outbox-claim-before.md, outbox-claim.md).
      DELETE FROM outbox_pending q WHERE q.ctid = ANY (ARRAY(
        SELECT p.ctid FROM locked CROSS JOIN LATERAL (
          SELECT ctid FROM outbox_pending
          WHERE outbox_pending.topic = locked.topic
          ORDER BY seq LIMIT ${page}) p))
      RETURNING q.seq
    )
    SELECT seq, topic, key, payload FROM outbox
    WHERE seq = ANY (ARRAY(SELECT seq FROM taken))`;
  return [...rows].sort((a, b) => compareSeq(a.seq, b.seq));
}

/** Orders two bigint sequence numbers given as decimal text. */
export function compareSeq(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
