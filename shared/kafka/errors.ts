/**
 * kafkajs's failures as the queue port's: every kafkajs error is named `KafkaJS…`, and each
 * means the broker did not take or give what was asked, so callers see a
 * `QueueUnavailableError` (with the original as `cause` and in the message).
 * @module
 */
import { QueueUnavailableError } from "@hire/queue";

/** `err` as the port's error when kafkajs raised it; anything else unchanged. */
export function asQueueError(err: unknown): unknown {
  return err instanceof Error && err.name.startsWith("KafkaJS")
    ? new QueueUnavailableError(`${err.name}: ${err.message}`, { cause: err })
    : err;
}

/** Rethrows `err` as {@link asQueueError} maps it, for `.catch`. */
export function rethrowAsQueueError(err: unknown): never {
  throw asQueueError(err);
}
