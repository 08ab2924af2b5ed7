/**
 * Entry point of the delivery service: the only file that reads the environment, opens
 * connections and handles signals.
 */
import { connect } from "@hire/db";
import { serviceQueue } from "@hire/kafka";
import { onShutdown } from "@hire/shutdown";
import { createLogger } from "@hire/log";
import { createSmtpMailer } from "@hire/mail";
import { loadDeliveryConfig, webhookClientOptions } from "./config.ts";
import { createWebhookHttpClient } from "./http_client.ts";
import { startDeliveryService } from "./service.ts";

const cfg = loadDeliveryConfig();
const log = createLogger("delivery", cfg.LOG_LEVEL);
const sql = connect(cfg.DATABASE_URL, { max: 10, name: "delivery" });
const { queue } = serviceQueue(cfg, { service: "delivery", log });
const client = createWebhookHttpClient(await webhookClientOptions(cfg));
const mailer = cfg.SMTP_URL
  ? createSmtpMailer({ url: cfg.SMTP_URL, from: cfg.MAIL_FROM })
  : undefined;
if (cfg.WEBHOOK_ALLOW_PRIVATE_NETWORKS) {
  log.warn("WEBHOOK_ALLOW_PRIVATE_NETWORKS is on: webhooks may reach private networks");
}

const service = await startDeliveryService(cfg, { sql, queue, log, client, mailer });

onShutdown(log, async () => {
  await service.stop();
  client.close();
  await mailer?.close();
  await sql.end({ timeout: 5 });
});
