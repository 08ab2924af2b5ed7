/**
 * The job service: owns the job lifecycle. Applies commands from jobs.commands to
 * Postgres and publishes the resulting public events through the outbox.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import type { Registry } from "@hire/metrics";
import { startServiceOutbox } from "@hire/outbox";
import { type MessageQueue, startWorker } from "@hire/queue";
import { startRetention } from "@hire/tables";
import type { JobConfig } from "./config.ts";
import { jobWorker } from "./worker.ts";

/** What the service needs from outside. */
export interface JobServiceDeps {
  sql: Sql;
  queue: MessageQueue;
  log: Logger;
  /** Where the worker counts what it sets aside; absent: logged only. */
  metrics?: Registry;
}

/** A running service. */
export interface RunningService {
  stop(): Promise<void>;
}

/** Starts consuming; resolves once the worker has joined its group. */
export async function startJobService(
  cfg: JobConfig,
  deps: JobServiceDeps,
): Promise<RunningService> {
  const worker = jobWorker(cfg, deps);
  const outbox = await startServiceOutbox(deps, {
    topics: worker.produces,
    intervalMs: cfg.OUTBOX_INTERVAL_MS,
  });
  const workerDeps = { queue: deps.queue, log: deps.log, outbox, metrics: deps.metrics };
  const running = await startWorker(worker, workerDeps, {
    sessionTimeoutMs: cfg.KAFKA_SESSION_TIMEOUT_MS,
    batchWindowMs: cfg.JOB_BATCH_WINDOW_MS,
    batchWindowUntilRate: cfg.JOB_BATCH_WINDOW_UNTIL_RATE || undefined,
  });
  // The tables this service owns; outbox rows of every service are purged here too.
  const retention = startRetention(deps, {
    tables: ["jobs", "command_results", "outbox"],
    intervalMs: cfg.PURGE_INTERVAL_MS,
  });
  deps.log.info("job service started", { topic: cfg.TOPIC_JOBS_COMMANDS, group: cfg.JOB_GROUP_ID });

  return {
    async stop() {
      retention.stop();
      await running.stop();
      await outbox.stop();
    },
  };
}
