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

/** Starts the outbox of a service that writes `topics`. */
export async function startServiceOutbox(
  deps: { sql: Sql; queue: { publisher(): Publisher }; log: Logger },
  opts: { topics: readonly string[]; intervalMs: number },
): Promise<OutboxFlusher> {
  const publisher = deps.queue.publisher();
  await publisher.connect();
  const flusher = startOutboxFlusher({ sql: deps.sql, publisher, log: deps.log }, opts);
  return {
    ...flusher,
    async stop() {
      await flusher.stop();
      await publisher.disconnect();
    },
  };
}
