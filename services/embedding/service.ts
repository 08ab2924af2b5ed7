/**
 * The embedding service: turns job and seeker texts into vectors in the vector index,
 * moves jobs to `ready`, emits `job.created` the first time, and triggers matching.
 * @module
 */
import type { Sql } from "@hire/db";
import type { EmbeddingProvider } from "@hire/embedding";
import { newId } from "@hire/ids";
import { combiner, connectGroupConsumer, createPublisher } from "@hire/kafka";
import type { Logger } from "@hire/log";
import { startOutboxFlusher } from "@hire/outbox";
import type { Seeker } from "@hire/seekers";
import type { VectorIndex } from "@hire/vector";
import type { Kafka } from "kafkajs";
import type { EmbeddingServiceConfig } from "./config.ts";
import { runEmbeddingConsumer } from "./consumer.ts";
import { reconcileJobs } from "./jobs_reconciler.ts";
import type { PipelineDeps } from "./pipeline_deps.ts";
import { startRetrySweeper } from "./retry_sweeper.ts";
import { deleteSeekers, reconcileSeekers } from "./seekers_reconciler.ts";
import { storeSeekers } from "./seekers_store.ts";

/** What the service needs from outside. */
export interface EmbeddingServiceDeps {
  sql: Sql;
  kafka: Kafka;
  log: Logger;
  provider: EmbeddingProvider;
  index: VectorIndex;
}

/** Starts consuming; resolves once the consumer has joined its group. */
export async function startEmbeddingService(
  cfg: EmbeddingServiceConfig,
  deps: EmbeddingServiceDeps,
): Promise<{ stop(): Promise<void> }> {
  const pipeline: PipelineDeps = {
    sql: deps.sql,
    provider: deps.provider,
    index: deps.index,
    log: deps.log,
    policy: {
      maxAttempts: cfg.EMBEDDING_MAX_ATTEMPTS,
      baseMs: cfg.EMBEDDING_RETRY_BASE_MS,
      capMs: cfg.EMBEDDING_RETRY_CAP_MS,
    },
    siteBaseUrl: cfg.SITE_BASE_URL,
    topics: { events: cfg.TOPIC_JOBS_EVENTS, embeddingsReady: cfg.TOPIC_EMBEDDINGS_READY },
    now: () => new Date(),
    newId: () => newId("evt"),
  };
  const publisher = createPublisher(deps.kafka);
  await publisher.connect();
  const outbox = startOutboxFlusher(
    { sql: deps.sql, publisher, log: deps.log },
    {
      topics: [cfg.TOPIC_JOBS_EVENTS, cfg.TOPIC_EMBEDDINGS_READY],
      intervalMs: cfg.OUTBOX_INTERVAL_MS,
    },
  );
  const flush = () =>
    outbox.flush().catch((err) => deps.log.warn("outbox flush failed; will retry", { err }));

  // Partitions that arrive together share one provider call.
  const jobs = combiner<string>((ids) => reconcileJobs(pipeline, ids), { maxItems: 256 });
  const seekers = combiner<Seeker>(
    async (profiles) => reconcileSeekers(pipeline, await storeSeekers(deps.sql, profiles)),
    { maxItems: 256 },
  );
  const sweeper = startRetrySweeper({
    sql: deps.sql,
    log: deps.log,
    retryJobs: async (ids) => {
      await reconcileJobs(pipeline, ids, { claimed: true });
      flush();
    },
    retrySeekers: async (ids) => {
      await reconcileSeekers(pipeline, ids, { claimed: true });
      flush();
    },
  }, { intervalMs: cfg.EMBEDDING_RETRY_SWEEP_MS });

  const { consumer, joined } = await connectGroupConsumer(deps.kafka, {
    groupId: cfg.EMBEDDING_GROUP_ID,
    sessionTimeoutMs: cfg.KAFKA_SESSION_TIMEOUT_MS,
  });
  await runEmbeddingConsumer(
    {
      consumer,
      log: deps.log,
      jobs,
      seekers,
      deleteSeekers: (ids) => deleteSeekers(pipeline, ids),
      afterCommit: flush,
    },
    {
      changedTopic: cfg.TOPIC_JOBS_CHANGED,
      seekersTopic: cfg.TOPIC_SEEKERS,
      concurrency: cfg.EMBEDDING_CONCURRENCY,
    },
  );
  await joined;
  deps.log.info("embedding service started", { provider: deps.provider.name });
  return {
    async stop() {
      await consumer.disconnect();
      await sweeper.stop();
      await outbox.stop();
      await publisher.disconnect();
    },
  };
}
