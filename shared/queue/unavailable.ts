/**
 * The one failure of the queue callers act on: the broker cannot take or give messages
 * now. Adapters turn their client's errors into it, so the edge answers 503 without
 * knowing which broker is behind the port.
 * @module
 */

/** The broker is unreachable or refused the request; trying again later may succeed. */
export class QueueUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "QueueUnavailableError";
  }
}

/** Whether `err` says the queue is unavailable (for a 503 rather than a 500). */
export function isQueueUnavailable(err: unknown): boolean {
  return err instanceof QueueUnavailableError;
}
