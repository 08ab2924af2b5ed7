/**
 * Writing to the transactional outbox: a message recorded in the same transaction as the
 * change it announces, published after commit by the flusher.
 * @module
 */
import type { Sql, Tx } from "@hire/db";

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
  await tx`INSERT INTO outbox ${
    tx(messages.map((m) => ({
      event_id: m.id,
      key: m.key,
      topic: m.topic,
      payload: tx.json(m.value as never),
    })))
  }`;
}
