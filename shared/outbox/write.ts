/**
 * Writing to the transactional outbox: a message recorded in the same transaction as the
 * change it announces, and queued for the flusher (`outbox_pending`), which publishes it after
 * commit.
 * @module
 */
import { bindableRuns, type Sql, type Tx } from "@hire/db";

/** One message to publish: its id (for deduplication), Kafka key, topic and value. */
export interface OutboxMessage {
  id: string;
  key: string;
  topic: string;
  value: unknown;
}

/** Records messages inside the caller's transaction; they are published in this order. */
export async function writeOutbox(tx: Sql | Tx, messages: readonly OutboxMessage[]): Promise<void> {
  const rows = messages.map((m) => ({
    event_id: m.id,
    key: m.key,
    topic: m.topic,
    payload: tx.json(m.value as never),
  }));
  // In order: the runs' rows take their sequence numbers one run after the other.
  for (const run of bindableRuns(rows)) {
    await tx`WITH written AS (INSERT INTO outbox ${tx(run)} RETURNING topic, seq)
      INSERT INTO outbox_pending (topic, seq) SELECT topic, seq FROM written`;
  }
}
