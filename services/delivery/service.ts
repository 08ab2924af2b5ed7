/**
 * The delivery service: fans public events out to webhooks, makes the attempts, and walks
 * failed ones up the retry ladder of topics.
 * @module
 */
import type { Sql } from "@hire/db";
import { connectGroupConsumer, createPublisher, ensureTopics } from "@hire/kafka";
import type { Logger } from "@hire/log";
import type { Mailer } from "@hire/mail";
import { startOutboxFlusher } from "@hire/outbox";
import { DELIVERIES_CHANNEL, ladderTopics, retryTopic } from "@hire/webhooks";
import type { Kafka } from "kafkajs";
import type { DeliveryConfig } from "./config.ts";
import { startDispatcher } from "./dispatcher.ts";
import { runEventsConsumer } from "./events_consumer.ts";
import type { WebhookHttpClient } from "./http_client.ts";
import { runLadderConsumer } from "./ladder_consumer.ts";
import { startMailSender } from "./mail_sender.ts";

/** What the service needs from outside. */
export interface DeliveryServiceDeps {
  sql: Sql;
  kafka: Kafka;
  log: Logger;
  client: WebhookHttpClient;
  /** Absent: disable notices stay queued in mail_outbox until a mailer is configured. */
  mailer?: Mailer;
}

/** Starts the service; resolves once both consumers have joined their groups. */
export async function startDeliveryService(
  cfg: DeliveryConfig,
  deps: DeliveryServiceDeps,
): Promise<{ stop(): Promise<void> }> {
  const rungs = cfg.WEBHOOK_RETRY_SCHEDULE;
  const retryTopics = rungs.map((r) => retryTopic(r, cfg.TOPIC_WEBHOOKS_RETRY_PREFIX));
  // A changed schedule brings rungs `deno task topics` did not create.
  const ladderSpecs = ladderTopics({
    rungs,
    retryPrefix: cfg.TOPIC_WEBHOOKS_RETRY_PREFIX,
    deadTopic: cfg.TOPIC_WEBHOOKS_DEAD,
  });
  const admin = deps.kafka.admin();
  await admin.connect();
  try {
    await ensureTopics(admin, ladderSpecs);
  } finally {
    await admin.disconnect();
  }

  const publisher = createPublisher(deps.kafka);
  await publisher.connect();
  const outbox = startOutboxFlusher(
    { sql: deps.sql, publisher, log: deps.log },
    { topics: ladderSpecs.map((t) => t.topic), intervalMs: cfg.OUTBOX_INTERVAL_MS },
  );
  const mail = deps.mailer
    ? startMailSender({ sql: deps.sql, mailer: deps.mailer, log: deps.log }, { pollMs: 30_000 })
    : undefined;
  if (!mail) deps.log.warn("SMTP_URL is not set: disable notices stay queued in mail_outbox");

  const dispatcher = startDispatcher({
    sql: deps.sql,
    client: deps.client,
    log: deps.log,
    rungs,
    topics: { retryPrefix: cfg.TOPIC_WEBHOOKS_RETRY_PREFIX, deadTopic: cfg.TOPIC_WEBHOOKS_DEAD },
    afterRecord: (summary) => {
      if (summary.scheduled > 0) {
        outbox.flush().catch((err) => deps.log.warn("outbox flush failed; will retry", { err }));
      }
      if (summary.disabled.length > 0) mail?.wake();
    },
  }, {
    concurrency: cfg.DELIVERY_CONCURRENCY,
    perWebhook: cfg.WEBHOOK_MAX_IN_FLIGHT,
    timeoutMs: cfg.WEBHOOK_TIMEOUT,
    disableAfter: cfg.WEBHOOK_DISABLE_AFTER,
    pollMs: cfg.DELIVERY_POLL_MS,
  });
  // Redeliveries requested through the API are queued by the edge.
  const listening = await deps.sql.listen(DELIVERIES_CHANNEL, () => dispatcher.wake());

  const events = await connectGroupConsumer(deps.kafka, {
    groupId: cfg.DELIVERY_GROUP_ID,
    sessionTimeoutMs: cfg.KAFKA_SESSION_TIMEOUT_MS,
  });
  await runEventsConsumer(
    { consumer: events.consumer, sql: deps.sql, log: deps.log, queued: dispatcher.wake },
    { topic: cfg.TOPIC_JOBS_EVENTS, concurrency: cfg.DELIVERY_PARTITIONS_CONCURRENCY },
  );
  const ladder = await connectGroupConsumer(deps.kafka, {
    groupId: cfg.DELIVERY_LADDER_GROUP_ID,
    sessionTimeoutMs: cfg.KAFKA_SESSION_TIMEOUT_MS,
  });
  const ladderTimers = await runLadderConsumer(
    { consumer: ladder.consumer, sql: deps.sql, log: deps.log, queued: dispatcher.wake },
    { topics: retryTopics, concurrency: cfg.DELIVERY_PARTITIONS_CONCURRENCY },
  );
  await Promise.all([events.joined, ladder.joined]);
  deps.log.info("delivery service started", {
    schedule: rungs.map((r) => r.label).join(","),
    timeout_ms: cfg.WEBHOOK_TIMEOUT,
  });

  return {
    async stop() {
      await events.consumer.disconnect();
      ladderTimers.stop();
      await ladder.consumer.disconnect();
      await listening.unlisten();
      await dispatcher.stop();
      await mail?.stop();
      await outbox.stop();
      await publisher.disconnect();
    },
  };
}
