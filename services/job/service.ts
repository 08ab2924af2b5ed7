/**
 * The job service: owns the job lifecycle. Applies commands from jobs.commands to
 * Postgres and publishes the resulting public events through the outbox.
 * @module
 */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import type { JobCommand } from "@hire/jobs";
import { combiner, connectGroupConsumer, createPublisher } from "@hire/kafka";
import { startOutboxFlusher } from "@hire/outbox";
import type { Logger } from "@hire/log";
import type { Kafka } from "kafkajs";
import type { JobConfig } from "./config.ts";
import { applyBatch, settleFailed } from "./apply_batch.ts";
import { runCommandConsumer } from "./consumer.ts";
import { purge } from "./purge.ts";

/** What the service needs from outside. */
export interface JobServiceDeps {
  sql: Sql;
  kafka: Kafka;
  log: Logger;
}

/** A running service. */
export interface RunningService {
  stop(): Promise<void>;
}

/** Starts consuming; resolves once the consumer has joined its group. */
export async function startJobService(
  cfg: JobConfig,
  deps: JobServiceDeps,
): Promise<RunningService> {
  const publisher = createPublisher(deps.kafka);
  await publisher.connect();
  const outbox = startOutboxFlusher(
    { sql: deps.sql, publisher, log: deps.log },
    {
      topics: [cfg.TOPIC_JOBS_EVENTS, cfg.TOPIC_JOBS_CHANGED],
      intervalMs: cfg.OUTBOX_INTERVAL_MS,
    },
  );
  const applyAlone = async (commands: JobCommand[]) => {
    await applyBatch(deps.sql, commands, {
      now: new Date(),
      newEventId: () => newId("evt"),
      siteBaseUrl: cfg.SITE_BASE_URL,
      eventsTopic: cfg.TOPIC_JOBS_EVENTS,
      changedTopic: cfg.TOPIC_JOBS_CHANGED,
    });
  };
  const { consumer, joined } = await connectGroupConsumer(deps.kafka, {
    groupId: cfg.JOB_GROUP_ID,
    sessionTimeoutMs: cfg.KAFKA_SESSION_TIMEOUT_MS,
  });
  await runCommandConsumer(
    {
      // Batches of different partitions concern different jobs, so one transaction can
      // take all that arrive together: far fewer commits under load.
      apply: combiner(applyAlone, { maxItems: 2000 }),
      applyAlone,
      settleFailed: (command) => settleFailed(deps.sql, command),
      consumer,
      log: deps.log,
      afterCommit: () => {
        outbox.flush().catch((err) => deps.log.warn("outbox flush failed; will retry", { err }));
      },
    },
    { topic: cfg.TOPIC_JOBS_COMMANDS, concurrency: cfg.JOB_CONCURRENCY },
  );
  await joined;
  const purgeTimer = setInterval(() => {
    purge(deps.sql)
      .then((counts) => deps.log.info("purged expired rows", counts))
      .catch((err) => deps.log.warn("purge failed", { err }));
  }, cfg.PURGE_INTERVAL_MS);
  deps.log.info("job service started", { topic: cfg.TOPIC_JOBS_COMMANDS, group: cfg.JOB_GROUP_ID });

  return {
    async stop() {
      clearInterval(purgeTimer);
      await consumer.disconnect();
      await outbox.stop();
      await publisher.disconnect();
    },
  };
}
