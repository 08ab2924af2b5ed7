/**
 * Consumes jobs.lifecycle and seekers.v1 in one group. The work of partitions that arrive
 * together shares one provider call (the model is fastest on batches); a database outage
 * holds the work and retries it in place.
 * @module
 */
import { isDbUnavailable } from "@hire/db";
import { decodeOrSkip, retryWhile } from "@hire/kafka";
import type { Logger } from "@hire/log";
import { decodeJobChanged } from "@hire/pipeline";
import { decodeSeeker, type Seeker } from "@hire/seekers";
import type { Consumer } from "kafkajs";

/** What the consumer hands its messages to. */
export interface EmbeddingConsumerDeps {
  consumer: Consumer;
  log: Logger;
  /** Reconciles jobs; concurrent calls may be combined. */
  jobs: (jobIds: string[]) => Promise<void>;
  /** Stores profiles and reconciles those seekers; concurrent calls may be combined. */
  seekers: (seekers: Seeker[]) => Promise<void>;
  afterCommit: () => void;
}

/** Subscribes to both topics and runs until the consumer is disconnected. */
export async function runEmbeddingConsumer(
  deps: EmbeddingConsumerDeps,
  opts: { lifecycleTopic: string; seekersTopic: string; concurrency: number },
): Promise<void> {
  await deps.consumer.subscribe({
    topics: [opts.lifecycleTopic, opts.seekersTopic],
    fromBeginning: true,
  });
  await deps.consumer.run({
    partitionsConsumedConcurrently: opts.concurrency,
    eachBatch: async ({ batch, heartbeat, isRunning, isStale }) => {
      const work = batch.topic === opts.lifecycleTopic
        ? () =>
          deps.jobs(
            batch.messages.flatMap((m) => decodeOrSkip(m, decodeJobChanged, deps.log)).map((c) =>
              c.job_id
            ),
          )
        : () =>
          deps.seekers(batch.messages.flatMap((m) => decodeOrSkip(m, decodeSeeker, deps.log)));
      await retryWhile(work, {
        retriable: isDbUnavailable,
        isRunning: () => isRunning() && !isStale(),
        heartbeat,
        log: deps.log,
      });
      deps.afterCommit();
    },
  });
}
