/**
 * Publishes committed outbox events to Kafka in the order they were written, per topic.
 * Each service flushes the topics it writes; one flusher at a time holds a topic's advisory
 * lock, so two processes never interleave one job's events, and a topic that fails holds
 * up no other.
 * @module
 */
import type { Sql } from "@hire/db";
import { combiner, type Publisher } from "@hire/queue";
import type { Logger } from "@hire/log";
import { type ClaimedRow, claimPages } from "./claim.ts";

/** Queued rows a claim takes of each topic. */
export const PAGE = 500;
// How long a topic missing from Kafka waits before it is looked at again.
const MISSING_TOPIC_BACKOFF_MS = 5000;

/** Flushes the outbox: on demand after each batch, and on a timer for anything left. */
export interface OutboxFlusher {
  /**
   * Publishes everything pending, the rows committed before the call included. Calls of one
   * turn of the event loop share a run (a combined transaction's partitions each ask for a
   * flush as they finish), and calls made while a run is on share the next.
   */
  flush(): Promise<void>;
  /** Flushes without waiting; a failure is logged and the timer tries again. */
  flushSoon(): void;
  stop(): Promise<void>;
}

/** Raised inside a claim's transaction, so that it rolls back: Kafka did not take its rows. */
class Unpublishable extends Error {
  constructor(
    /** The topics of the refused rows. */
    readonly topics: string[],
    /** Whether every one of them is at fault (a missing topic), or only some may be. */
    readonly eachAtFault: boolean,
    readonly backoffMs: number,
    readonly pending: number,
    override readonly cause?: unknown,
  ) {
    super(eachAtFault ? "outbox topic does not exist" : "outbox topic not publishable");
    this.name = "Unpublishable";
  }
}

/** Starts a flusher that also runs every `intervalMs` to publish what a crash left behind. */
export function startOutboxFlusher(
  deps: { sql: Sql; publisher: Publisher; log: Logger },
  opts: {
    /** The topics this service writes to the outbox; it publishes those. */
    topics: readonly string[];
    intervalMs?: number;
    topicBackoffMs?: number;
  },
): OutboxFlusher {
  // A topic that cannot be published to (deleted, misconfigured) is set aside for a while,
  // so its rows never hold up the other topics' events.
  const backoff = new Map<string, number>();

  /** The claimed rows of each topic, as messages, in the order they were written. */
  const byTopic = (rows: readonly ClaimedRow[]) => {
    const topics = new Map<string, { key: string; value: string }[]>();
    for (const r of rows) {
      const messages = topics.get(r.topic) ?? [];
      topics.set(r.topic, messages);
      messages.push({ key: r.key, value: JSON.stringify(r.payload) });
    }
    return topics;
  };

  /**
   * Claims a page of each topic in `topics` whose lock is free and publishes them in one
   * request: one round of statements and one produce whatever the number of topics. Resolves
   * true when some topic has more pending.
   */
  const publishPage = async (topics: readonly string[]): Promise<boolean> =>
    await deps.sql.begin(async (tx) => {
      const rows = await claimPages(tx, topics, PAGE);
      if (rows.length === 0) return false;
      const pages = byTopic(rows);
      const claimed = [...pages.keys()];
      let existing = await deps.publisher.existingTopics();
      if (claimed.some((t) => !existing.has(t))) {
        existing = await deps.publisher.existingTopics({ fresh: true });
      }
      const missing = claimed.filter((t) => !existing.has(t));
      if (missing.length) {
        throw new Unpublishable(missing, true, MISSING_TOPIC_BACKOFF_MS, rows.length);
      }
      try {
        await deps.publisher.sendBatch({
          topicMessages: [...pages].map(([topic, messages]) => ({ topic, messages })),
        });
      } catch (err) {
        throw new Unpublishable(claimed, false, opts.topicBackoffMs ?? 30_000, rows.length, err);
      }
      return [...pages.values()].some((messages) => messages.length === PAGE);
    });

  const setAside = (err: Unpublishable) => {
    for (const topic of err.topics) backoff.set(topic, Date.now() + err.backoffMs);
    if (err.eachAtFault) {
      // Looked at again once the cached topic list has refreshed.
      deps.log.warn("outbox topic does not exist; its events wait", { topics: err.topics });
    } else {
      deps.log.warn("outbox topic not publishable; set aside", {
        err: err.cause,
        topics: err.topics,
        pending: err.pending,
      });
    }
  };

  /** Publishes one page per topic not set aside; resolves true when there may be more. */
  const flushPages = async (): Promise<boolean> => {
    const due = opts.topics.filter((t) => (backoff.get(t) ?? 0) <= Date.now());
    try {
      return await publishPage(due);
    } catch (err) {
      if (!(err instanceof Unpublishable)) throw err;
      if (err.eachAtFault || err.topics.length === 1) {
        setAside(err);
        // The other topics' rows were rolled back with these: the next page takes them.
        return true;
      }
      // Kafka refused a request holding several topics: each alone finds the one at fault.
      let more = false;
      for (const topic of err.topics) {
        try {
          more = await publishPage([topic]) || more;
        } catch (alone) {
          if (!(alone instanceof Unpublishable)) throw alone;
          setAside(alone);
        }
      }
      return more;
    }
  };

  const runs = combiner<undefined>(async () => {
    while (await flushPages()) { /* keep paging */ }
  });
  // The newest call's run: it ends after every run asked for before it.
  let last: Promise<void> = Promise.resolve();
  const flush = () => (last = runs([undefined]));

  const flushSoon = () => {
    flush().catch((err) => deps.log.warn("outbox flush failed; will retry", { err }));
  };
  const timer = setInterval(flushSoon, opts.intervalMs ?? 1000);

  return {
    flush,
    flushSoon,
    async stop() {
      clearInterval(timer);
      await last.catch(() => {});
    },
  };
}
