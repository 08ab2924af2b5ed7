/**
 * Consumes jobs.changed and seekers.v1 in one group. The work of partitions that arrive
 * together shares one provider call (the model is fastest on batches); a database outage
 * holds the work and retries it in place.
 * @module
 */
import { isDbUnavailable } from "@hire/db";
import { decodeOrSkip, retryWhile } from "@hire/kafka";
import type { Logger } from "@hire/log";
import { decodeJobChanged } from "@hire/pipeline";
import { decodeSeeker, type Seeker } from "@hire/seekers";
import type { Consumer, KafkaMessage } from "kafkajs";

const CHUNK = 32;

/** What the consumer hands its messages to. */
export interface EmbeddingConsumerDeps {
  consumer: Consumer;
  log: Logger;
  /** Reconciles jobs; concurrent calls may be combined. */
  jobs: (jobIds: string[]) => Promise<void>;
  /** Stores profiles and reconciles those seekers; concurrent calls may be combined. */
  seekers: (seekers: Seeker[]) => Promise<void>;
  /** Forgets seekers whose profile was deleted. */
  deleteSeekers: (seekerIds: string[]) => Promise<void>;
  afterCommit: () => void;
}

/**
 * The last message per seeker in a chunk decides: a profile is stored, a tombstone (a key
 * with no value, as on any compacted topic) deletes the seeker.
 */
async function seekersWork(deps: EmbeddingConsumerDeps, chunk: KafkaMessage[]): Promise<void> {
  const last = new Map<string, KafkaMessage>();
  for (const m of chunk) last.set(m.key?.toString() ?? `offset-${m.offset}`, m);
  const latest = [...last.values()];
  const gone = latest.filter((m) => m.value === null && m.key).map((m) => m.key!.toString());
  await deps.deleteSeekers(gone);
  await deps.seekers(
    latest.filter((m) => m.value !== null).flatMap((m) => decodeOrSkip(m, decodeSeeker, deps.log)),
  );
}

/** Subscribes to both topics and runs until the consumer is disconnected. */
export async function runEmbeddingConsumer(
  deps: EmbeddingConsumerDeps,
  opts: { changedTopic: string; seekersTopic: string; concurrency: number },
): Promise<void> {
  await deps.consumer.subscribe({
    topics: [opts.changedTopic, opts.seekersTopic],
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
        const work = batch.topic === opts.changedTopic
          ? () =>
            deps.jobs(
              chunk.flatMap((m) => decodeOrSkip(m, decodeJobChanged, deps.log)).map((c) =>
                c.job_id
              ),
            )
          : () => seekersWork(deps, chunk);
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
