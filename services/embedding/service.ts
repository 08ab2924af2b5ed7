/**
 * The embedding service: turns job and seeker texts into vectors in the vector index,
 * moves jobs to `ready`, emits `job.created` the first time, and triggers matching.
 * @module
 */
import type { Sql } from "@hire/db";
import type { EmbeddingProvider } from "@hire/embedding";
import { hearApiLoad } from "@hire/load";
import type { Logger } from "@hire/log";
import type { Registry } from "@hire/metrics";
import { startServiceOutbox } from "@hire/outbox";
import { type MessageQueue, startWorker } from "@hire/queue";
import type { VectorIndex } from "@hire/vector";
import { startBlocksFill } from "./blocks_fill.ts";
import type { EmbeddingServiceConfig } from "./config.ts";
import { reconcileJobs } from "./jobs_reconciler.ts";
import { pipelineDeps } from "./pipeline_deps.ts";
import { startRetrySweeper } from "./retry_sweeper.ts";
import { reconcileSeekers } from "./seekers_reconciler.ts";
import { embeddingWorker } from "./worker.ts";

/** What the service needs from outside. */
export interface EmbeddingServiceDeps {
  sql: Sql;
  queue: MessageQueue;
  log: Logger;
  provider: EmbeddingProvider;
  index: VectorIndex;
  /** Where the worker counts what it sets aside; absent: logged only. */
  metrics?: Registry;
}

/** Starts consuming; resolves once the worker has joined its group. */
export async function startEmbeddingService(
  cfg: EmbeddingServiceConfig,
  deps: EmbeddingServiceDeps,
): Promise<{ stop(): Promise<void> }> {
  // With the gate off nobody listens: the API's announcements go unheard.
  const apiLoad = cfg.EMBEDDING_YIELD_API_CPU > 0 ? await hearApiLoad(deps.sql) : undefined;
  const pipeline = pipelineDeps(cfg, { ...deps, apiLoad });
  const worker = embeddingWorker(cfg, pipeline);
  const outbox = await startServiceOutbox(deps, {
    topics: worker.produces,
    intervalMs: cfg.OUTBOX_INTERVAL_MS,
  });

  const sweeper = startRetrySweeper({
    sql: deps.sql,
    log: deps.log,
    retryJobs: async (ids) => {
      await reconcileJobs(pipeline, ids, { claimed: true });
      outbox.flushSoon();
    },
    retrySeekers: async (ids) => {
      await reconcileSeekers(pipeline, ids, { claimed: true });
      outbox.flushSoon();
    },
  }, { intervalMs: cfg.EMBEDDING_RETRY_SWEEP_MS });

  const workerDeps = { queue: deps.queue, log: deps.log, outbox, metrics: deps.metrics };
  const running = await startWorker(worker, workerDeps, {
    sessionTimeoutMs: cfg.KAFKA_SESSION_TIMEOUT_MS,
  });
  const blocksFill = startBlocksFill(deps.index, deps.log);
  deps.log.info("embedding service started", { provider: deps.provider.name });
  return {
    async stop() {
      await blocksFill.stop();
      await running.stop();
      await sweeper.stop();
      await outbox.stop();
      await apiLoad?.stop();
    },
  };
}
