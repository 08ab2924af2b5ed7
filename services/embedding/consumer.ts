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

const CHUNK = 32;

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
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset }) => {
      // Small chunks: embedding is slow, and the group must hear from us between chunks or
      // it hands the partition to another member and the work is done twice.
      for (let i = 0; i < batch.messages.length; i += CHUNK) {
        if (!isRunning() || isStale()) return;
        const chunk = batch.messages.slice(i, i + CHUNK);
        const work = batch.topic === opts.lifecycleTopic
          ? () =>
            deps.jobs(
              chunk.flatMap((m) => decodeOrSkip(m, decodeJobChanged, deps.log)).map((c) =>
                c.job_id
              ),
            )
          : () => deps.seekers(chunk.flatMap((m) => decodeOrSkip(m, decodeSeeker, deps.log)));
        await retryWhile(work, {
          retriable: isDbUnavailable,
          isRunning: () => isRunning() && !isStale(),
          heartbeat,
          log: deps.log,
        });
        resolveOffset(chunk[chunk.length - 1]!.offset);
        await heartbeat();
        deps.afterCommit();
      }
    },
  });
}
