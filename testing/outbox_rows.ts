/**
 * An outbox queue as a burst meets it: statistics taken between bursts, a row or so left on
 * pages earlier claims emptied, then `depth` rows queued behind them.
 * @module
 */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { writeOutbox } from "@hire/outbox";

/** Queues `depth` rows of `topic` behind statistics that say the queue holds one. */
export async function queueBehindStaleStatistics(
  sql: Sql,
  topic: string,
  depth: number,
): Promise<void> {
  const queue = () =>
    writeOutbox(
      sql,
      Array.from({ length: depth }, () => newId("evt")).map((id) => ({
        id,
        key: "k",
        topic,
        value: { id },
      })),
    );
  await queue();
  // All but the newest: its page keeps the table from being truncated to nothing.
  await sql`DELETE FROM outbox_pending WHERE seq < (SELECT max(seq) FROM outbox_pending)`;
  await sql`VACUUM ANALYZE outbox_pending`;
  await queue();
}
