/**
 * Consumes jobs.commands. Commands of one job share a partition and are applied in order;
 * partitions are processed concurrently. A database outage pauses the partition's work
 * and retries it, rather than skipping or crashing.
 * @module
 */
import { isDbUnavailable } from "@hire/db";
import { decodeJobCommand, type JobCommand } from "@hire/jobs";
import type { Logger } from "@hire/log";
import type { Consumer } from "kafkajs";
import { decodeOrSkip, retryWhile, type RetryWhileOptions } from "@hire/kafka";
import { FenceRace } from "./apply_batch.ts";

const CHUNK = 500;

/** What the consumer needs. */
export interface CommandConsumerDeps {
  /** Applies commands; calls from concurrent partitions may share one transaction. */
  apply: (commands: JobCommand[]) => Promise<void>;
  /** Applies commands in a transaction of their own. */
  applyAlone: (commands: JobCommand[]) => Promise<void>;
  /** Sets aside a command that cannot be applied. */
  settleFailed: (command: JobCommand) => Promise<void>;
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
        const commands = chunk.flatMap((m) => decodeOrSkip(m, decodeJobCommand, deps.log));
        const retry = { log: deps.log, heartbeat, isRunning: () => isRunning() && !isStale() };
        await applyOrIsolate(commands, deps, retry);
        resolveOffset(chunk[chunk.length - 1]!.offset);
        await heartbeat();
        deps.afterCommit();
      }
    },
  });
}

/**
 * Applies a chunk; if that fails for a reason other than an outage, a command in it (or in
 * a chunk it was combined with) trips a bug. Applying one at a time finds it; it is logged
 * and settled as failed, and every other command still takes effect, in order.
 */
async function applyOrIsolate(
  commands: JobCommand[],
  deps: CommandConsumerDeps,
  retry: RetryOptions,
): Promise<void> {
  try {
    return await withRetry(() => deps.apply(commands), retry);
  } catch (err) {
    if (!retry.isRunning()) throw err;
    deps.log.warn("command batch failed; applying its commands one by one", { err });
  }
  for (const command of commands) {
    try {
      await withRetry(() => deps.applyAlone([command]), retry);
    } catch (err) {
      if (!retry.isRunning()) throw err;
      deps.log.error("command cannot be applied; settled as failed", { err, command });
      await withRetry(() => deps.settleFailed(command), retry);
    }
  }
}

type RetryOptions = Omit<RetryWhileOptions, "retriable">;

// A fence race or an outage is cured by waiting; anything else may be a bad command.
const withRetry = <T>(work: () => Promise<T>, opts: RetryOptions) =>
  retryWhile(work, {
    ...opts,
    retriable: (err) => err instanceof FenceRace || isDbUnavailable(err),
  });
