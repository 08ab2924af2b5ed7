/**
 * The matching service: when a job's or a seeker's vector is new, searches the other side
 * and announces each new high-confidence pair once as `job.matched`.
 * @module
 */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { connectGroupConsumer, createPublisher } from "@hire/kafka";
import type { Logger } from "@hire/log";
import { startOutboxFlusher } from "@hire/outbox";
import type { VectorIndex } from "@hire/vector";
import type { Kafka } from "kafkajs";
import type { MatchingConfig } from "./config.ts";
import { runMatchingConsumer } from "./consumer.ts";
import { type MatcherDeps, matchJob, matchSeeker } from "./matcher.ts";

/** What the service needs from outside. */
export interface MatchingServiceDeps {
  sql: Sql;
  kafka: Kafka;
  log: Logger;
  index: VectorIndex;
}

/** Starts consuming; resolves once the consumer has joined its group. */
export async function startMatchingService(
  cfg: MatchingConfig,
  deps: MatchingServiceDeps,
): Promise<{ stop(): Promise<void> }> {
  const matcher: MatcherDeps = {
    sql: deps.sql,
    index: deps.index,
    threshold: cfg.MATCH_THRESHOLD,
    limit: cfg.MATCH_LIMIT,
    siteBaseUrl: cfg.SITE_BASE_URL,
    eventsTopic: cfg.TOPIC_JOBS_EVENTS,
    newId: () => newId("evt"),
    now: () => new Date(),
  };
  const publisher = createPublisher(deps.kafka);
  await publisher.connect();
  const outbox = startOutboxFlusher(
    { sql: deps.sql, publisher, log: deps.log },
    { topics: [cfg.TOPIC_JOBS_EVENTS], intervalMs: cfg.OUTBOX_INTERVAL_MS },
  );
  const { consumer, joined } = await connectGroupConsumer(deps.kafka, {
    groupId: cfg.MATCHING_GROUP_ID,
    sessionTimeoutMs: cfg.KAFKA_SESSION_TIMEOUT_MS,
  });
  await runMatchingConsumer({
    consumer,
    log: deps.log,
    match: (m) =>
      m.type === "job.embedded" ? matchJob(matcher, m.job_id) : matchSeeker(matcher, m.seeker_id),
    afterCommit: () => {
      outbox.flush().catch((err) => deps.log.warn("outbox flush failed; will retry", { err }));
    },
  }, { topic: cfg.TOPIC_EMBEDDINGS_READY, concurrency: cfg.MATCHING_CONCURRENCY });
  await joined;
  deps.log.info("matching service started", { threshold: cfg.MATCH_THRESHOLD });
  return {
    async stop() {
      await consumer.disconnect();
      await outbox.stop();
      await publisher.disconnect();
    },
  };
}
