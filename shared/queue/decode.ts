/**
 * Decoding a consumed message. Producers are our own services and validate before they
 * publish, so a malformed message is a bug elsewhere: it is logged whole for the operator
 * and skipped, rather than blocking its partition forever.
 * @module
 */
import type { Logger } from "@hire/log";
import type { ReceivedMessage } from "./port.ts";

/** A decoded message with its place in the partition. */
export interface Delivered<T> {
  offset: string;
  key: string | null;
  value: T;
}

/** `[decoded]`, or `[]` after logging the message when it does not decode. */
export function decodeOrSkip<T>(
  message: ReceivedMessage,
  decode: (value: Uint8Array | string) => T,
  log: Logger,
): Delivered<T>[] {
  try {
    return [{ offset: message.offset, key: message.key, value: decode(message.value ?? "") }];
  } catch (err) {
    log.error("malformed message skipped", {
      err,
      offset: message.offset,
      key: message.key ?? undefined,
      value: message.value ? new TextDecoder().decode(message.value) : undefined,
    });
    return [];
  }
}
