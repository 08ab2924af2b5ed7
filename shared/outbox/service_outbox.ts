/**
 * A service's outbox as its `service.ts` starts it: a publisher of its own from the queue
 * port, connected (a broker that is down is retried on use), and a flusher of the topics the
 * service writes; stopping it stops both.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import type { Publisher } from "@hire/queue";
import { type OutboxFlusher, startOutboxFlusher } from "./flusher.ts";

/** A started outbox. */
export interface ServiceOutbox extends OutboxFlusher {
  /** Flushes without waiting, e.g. after work outside a worker; a failure is logged and the
   * timer tries again. */
  flushSoon(): void;
}

/** Starts the outbox of a service that writes `topics`. */
export async function startServiceOutbox(
  deps: { sql: Sql; queue: { publisher(): Publisher }; log: Logger },
  opts: { topics: readonly string[]; intervalMs: number },
): Promise<ServiceOutbox> {
  const publisher = deps.queue.publisher();
  await publisher.connect();
  const flusher = startOutboxFlusher({ sql: deps.sql, publisher, log: deps.log }, opts);
  return {
    flush: () => flusher.flush(),
    flushSoon() {
      flusher.flush().catch((err) => deps.log.warn("outbox flush failed; will retry", { err }));
    },
    async stop() {
      await flusher.stop();
      await publisher.disconnect();
    },
  };
}
