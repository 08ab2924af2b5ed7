/**
 * Writing to the transactional outbox: a message recorded in the same transaction as the
 * change it announces, and queued for the flusher (`outbox_pending`), which publishes it after
 * commit.
 * @module
 */
import { type Sql, type Tx, unnestRows } from "@hire/db";

/** One message to publish: its id (for deduplication), Kafka key, topic and value. */
export interface OutboxMessage {
  id: string;
  key: string;
  topic: string;
  value: unknown;
}

/** Records messages inside the caller's transaction; they are published in this order. */
export async function writeOutbox(tx: Sql | Tx, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map((m) => ({
    event_id: m.id,
    key: m.key,
    topic: m.topic,
    payload: m.value,
  }));
  // The rows take their sequence numbers in the order unnest yields them: the order given.
  await tx`
    WITH written AS (
      INSERT INTO outbox
      ${unnestRows(tx, rows, { event_id: "text", key: "text", topic: "text", payload: "json" })}
      RETURNING topic, seq)
    INSERT INTO outbox_pending (topic, seq) SELECT topic, seq FROM written`;
}
