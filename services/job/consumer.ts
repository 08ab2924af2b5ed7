/**
 * Consumes jobs.commands. Commands of one job share a partition and are applied in order;
 * partitions are processed concurrently. A database outage pauses the partition's work
 * and retries it, rather than skipping or crashing.
 * @module
 */
import { isDbUnavailable } from "@hire/db";
import { decodeJobCommand, type JobCommand } from "@hire/jobs";
import type { Logger } from "@hire/log";
import type { Consumer, KafkaMessage } from "kafkajs";
import { FenceRace } from "./apply_batch.ts";

const CHUNK = 500;

/** What the consumer needs. */
export interface CommandConsumerDeps {
  /** Applies commands; calls from concurrent partitions may share one transaction. */
  apply: (commands: JobCommand[]) => Promise<void>;
  consumer: Consumer;
  log: Logger;
  /** Called after each committed chunk so events leave the outbox promptly. */
  afterCommit: () => void;
}

/** Subscribes and runs until the consumer is disconnected. */
export async function runCommandConsumer(
  deps: CommandConsumerDeps,
  opts: { topic: string; concurrency: number },
): Promise<void> {
  await deps.consumer.subscribe({ topic: opts.topic, fromBeginning: true });
  await deps.consumer.run({
    partitionsConsumedConcurrently: opts.concurrency,
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
      for (let i = 0; i < batch.messages.length; i += CHUNK) {
        if (!isRunning() || isStale()) return;
        const chunk = batch.messages.slice(i, i + CHUNK);
        const commands = chunk.flatMap((m) => decode(m, deps.log));
        await withRetry(() => deps.apply(commands), {
          log: deps.log,
          heartbeat,
          isRunning: () => isRunning() && !isStale(),
        });
        resolveOffset(chunk[chunk.length - 1]!.offset);
        await heartbeat();
        deps.afterCommit();
      }
    },
  });
}

// The edge only publishes validated commands, so a malformed one is a bug elsewhere:
// log it whole for the operator and move on rather than block the partition.
function decode(message: KafkaMessage, log: Logger): JobCommand[] {
  try {
    return [decodeJobCommand(message.value ?? "")];
  } catch (err) {
    log.error("malformed command skipped", {
      err,
      offset: message.offset,
      value: message.value?.toString(),
    });
    return [];
  }
}

/** Retries while the database is unreachable or a fence raced; other errors propagate. */
async function withRetry<T>(
  work: () => Promise<T>,
  opts: { log: Logger; heartbeat: () => Promise<void>; isRunning: () => boolean },
): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await work();
    } catch (err) {
      const retriable = err instanceof FenceRace || isDbUnavailable(err);
      if (!retriable || !opts.isRunning()) throw err;
      const delay = Math.min(200 * 2 ** attempt, 5000);
      opts.log.warn("command batch failed; retrying", { err, attempt, delay });
      await new Promise((r) => setTimeout(r, delay));
      await opts.heartbeat().catch(() => {});
    }
  }
}
