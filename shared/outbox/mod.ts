/**
 * The transactional outbox: messages written with the change they announce, published to
 * Kafka after commit, in order.
 * @module
 */
export { type OutboxFlusher, startOutboxFlusher } from "./flusher.ts";
export { type OutboxMessage, writeOutbox } from "./write.ts";
