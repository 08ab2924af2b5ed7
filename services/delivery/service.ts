/**
 * The delivery service: fans public events out to webhooks, makes the attempts, and walks
 * failed ones up the retry ladder of topics.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import type { Registry } from "@hire/metrics";
import type { Mailer } from "@hire/mail";
import { startServiceOutbox } from "@hire/outbox";
import { type MessageQueue, startWorker } from "@hire/queue";
import { startRetention } from "@hire/tables";
import { topicSpecs } from "@hire/topology";
import { createSecretBox, DELIVERIES_CHANNEL } from "@hire/webhooks";
import type { DeliveryConfig } from "./config.ts";
import { startDispatcher } from "./dispatcher.ts";
import { eventsWorker } from "./events_worker.ts";
import type { WebhookHttpClient } from "./http_client.ts";
import { ladderWorker } from "./ladder_worker.ts";
import { startMailSender } from "./mail_sender.ts";
import { startSecretUpkeep } from "./secret_upkeep.ts";

/** What the service needs from outside. */
export interface DeliveryServiceDeps {
  sql: Sql;
  queue: MessageQueue;
  log: Logger;
  client: WebhookHttpClient;
  /** Absent: disable notices stay queued in mail_outbox until a mailer is configured. */
  mailer?: Mailer;
  /** Where the workers count what they set aside; absent: logged only. */
  metrics?: Registry;
}

/** Starts the service; resolves once both workers have joined their groups. */
export async function startDeliveryService(
  cfg: DeliveryConfig,
  deps: DeliveryServiceDeps,
): Promise<{ stop(): Promise<void> }> {
  const rungs = cfg.WEBHOOK_RETRY_SCHEDULE;
  // A changed schedule brings rungs `deno task topics` did not create.
  const ladderSpecs = topicSpecs({
    TOPIC_WEBHOOKS_RETRY_PREFIX: cfg.TOPIC_WEBHOOKS_RETRY_PREFIX,
    TOPIC_WEBHOOKS_DEAD: cfg.TOPIC_WEBHOOKS_DEAD,
  }, rungs);
  await deps.queue.ensureTopics(ladderSpecs);

  const outbox = await startServiceOutbox(deps, {
    topics: ladderSpecs.map((t) => t.topic),
    intervalMs: cfg.OUTBOX_INTERVAL_MS,
  });
  const mail = deps.mailer
    ? startMailSender({ sql: deps.sql, mailer: deps.mailer, log: deps.log }, { pollMs: 30_000 })
    : undefined;
  if (!mail) deps.log.warn("SMTP_URL is not set: disable notices stay queued in mail_outbox");

  const secrets = createSecretBox(cfg.WEBHOOK_SECRET_KEYS);
  if (secrets.currentKeyId === undefined) {
    throw new Error("WEBHOOK_SECRET_KEYS is empty: the delivery service cannot open secrets");
  }
  // Its first sweep seals the plaintext secrets of rows from before encryption, so this
  // process claims no attempt it could not sign.
  const upkeep = startSecretUpkeep({ sql: deps.sql, log: deps.log, secrets }, {
    intervalMs: cfg.WEBHOOK_SECRET_SWEEP_MS,
  });
  await upkeep.firstSweep;

  const dispatcher = startDispatcher({
    sql: deps.sql,
    secrets,
    client: deps.client,
    log: deps.log,
    rungs,
    topics: { retryPrefix: cfg.TOPIC_WEBHOOKS_RETRY_PREFIX, deadTopic: cfg.TOPIC_WEBHOOKS_DEAD },
    afterRecord: (summary) => {
      if (summary.scheduled > 0) {
        outbox.flushSoon();
      }
      if (summary.disabled.length > 0) mail?.wake();
    },
  }, {
    concurrency: cfg.DELIVERY_CONCURRENCY,
    perWebhook: cfg.WEBHOOK_MAX_IN_FLIGHT,
    perPartner: cfg.DELIVERY_PARTNER_MAX_IN_FLIGHT,
    timeoutMs: cfg.WEBHOOK_TIMEOUT,
    disableAfter: cfg.WEBHOOK_DISABLE_AFTER,
    pollMs: cfg.DELIVERY_POLL_MS,
    gatherMs: cfg.DELIVERY_CLAIM_GATHER_MS,
    consoleBaseUrl: cfg.CONSOLE_BASE_URL,
  });
  // Redeliveries, recoveries and test events partners ask for (by API or in the console)
  // are queued outside Kafka.
  const listening = await deps.sql.listen(DELIVERIES_CHANNEL, () => dispatcher.wake());

  const workerDeps = { queue: deps.queue, log: deps.log, metrics: deps.metrics };
  const session = { sessionTimeoutMs: cfg.KAFKA_SESSION_TIMEOUT_MS };
  const [events, ladder] = await Promise.all([
    startWorker(eventsWorker(cfg, { sql: deps.sql, queued: dispatcher.wake }), workerDeps, session),
    startWorker(
      ladderWorker(cfg, { sql: deps.sql, rungs, queued: dispatcher.wake }),
      workerDeps,
      session,
    ),
  ]);
  // In this order, events go once no attempt refers to them.
  const retention = startRetention(deps, {
    tables: ["webhook_deliveries", "webhook_events", "mail_outbox"],
    intervalMs: cfg.PURGE_INTERVAL_MS,
  });
  deps.log.info("delivery service started", {
    schedule: rungs.map((r) => r.label).join(","),
    timeout_ms: cfg.WEBHOOK_TIMEOUT,
  });

  return {
    async stop() {
      retention.stop();
      await upkeep.stop();
      await events.stop();
      await ladder.stop();
      await listening.unlisten();
      await dispatcher.stop();
      await mail?.stop();
      await outbox.stop();
    },
  };
}
