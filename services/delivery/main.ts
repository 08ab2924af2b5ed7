/**
 * Entry point of the delivery service: the only file that reads the environment, opens
 * connections and handles signals.
 */
import { connectConsumer, type ServiceKind } from "@hire/db";
import { serviceQueue } from "@hire/kafka";
import { onShutdown } from "@hire/shutdown";
import { createLogger } from "@hire/log";
import { LOCAL_SECRET_KEYS_FILE, withLocalSecretKeys } from "@hire/webhooks";
import { createSmtpMailer } from "@hire/mail";
import { createRegistry, serveMetrics } from "@hire/metrics";
import { loadDeliveryConfig, webhookClientOptions } from "./config.ts";
import { createWebhookHttpClient } from "./http_client.ts";
import { startDeliveryService } from "./service.ts";

const keys = await withLocalSecretKeys(Deno.env.toObject());
const cfg = loadDeliveryConfig(keys.env);
const log = createLogger("delivery", cfg.LOG_LEVEL);
if (keys.from === "local file") {
  log.info("development: webhook secrets are sealed with the local key", {
    file: LOCAL_SECRET_KEYS_FILE,
  });
}
const sql = connectConsumer(cfg.DATABASE_URL, { max: 10, name: "delivery" satisfies ServiceKind });
const { queue } = serviceQueue(cfg, { service: "delivery", log });
const client = createWebhookHttpClient({ ...await webhookClientOptions(cfg), log });
const mailer = cfg.SMTP_URL
  ? createSmtpMailer({ url: cfg.SMTP_URL, from: cfg.MAIL_FROM })
  : undefined;
if (cfg.WEBHOOK_ALLOW_PRIVATE_NETWORKS) {
  log.warn("WEBHOOK_ALLOW_PRIVATE_NETWORKS is on: webhooks may reach private networks");
}

const metrics = createRegistry({ labels: { service: "delivery" } });

const service = await startDeliveryService(cfg, { sql, queue, log, client, mailer, metrics });
const metricsServer = serveMetrics(metrics, {
  port: cfg.METRICS_PORT,
  hostname: cfg.METRICS_HOSTNAME,
  log,
});

onShutdown(log, async () => {
  await service.stop();
  await metricsServer.stop();
  client.close();
  await mailer?.close();
  await sql.end({ timeout: 5 });
});
