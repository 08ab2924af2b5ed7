/**
 * The transactional outbox: messages written with the change they announce, published to
 * Kafka after commit, in order, and purged a week after publishing. The only code that
 * writes the `outbox` table and its queue of unpublished rows, `outbox_pending`.
 * @module
 */
export { type OutboxFlusher, startOutboxFlusher } from "./flusher.ts";
export { startServiceOutbox } from "./service_outbox.ts";
export { OUTBOX_RETENTION_DAYS, purgePublishedOutbox } from "./retention.ts";
export { type OutboxMessage, writeOutbox } from "./write.ts";
