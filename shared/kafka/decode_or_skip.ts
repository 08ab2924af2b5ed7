/**
 * Decoding a consumed message. Producers are our own services and validate before they
 * publish, so a malformed message is a bug elsewhere: it is logged whole for the operator
 * and skipped, rather than blocking its partition forever.
 * @module
 */
import type { Logger } from "@hire/log";
import type { KafkaMessage } from "kafkajs";

/** `[decoded]`, or `[]` after logging the message when it does not decode. */
export function decodeOrSkip<T>(
  message: KafkaMessage,
  decode: (value: Uint8Array | string) => T,
  log: Logger,
): T[] {
  try {
    return [decode(message.value ?? "")];
  } catch (err) {
    log.error("malformed message skipped", {
      err,
      offset: message.offset,
      key: message.key?.toString(),
      value: message.value?.toString(),
    });
    return [];
  }
}
