/**
 * Entry point of the partner console: the only file that reads the environment, opens
 * connections and handles signals.
 */
import { connect, type ServiceKind } from "@hire/db";
import { startDatabaseReadiness } from "@hire/http";
import { createLogger } from "@hire/log";
import { createSmtpMailer } from "@hire/mail";
import { onShutdown } from "@hire/shutdown";
import { startRetention } from "@hire/tables";
import { LOCAL_SECRET_KEYS_FILE, withLocalSecretKeys } from "@hire/webhooks";
import { createApp } from "./app.ts";
import { consoleSettings, loadConsoleConfig } from "./config.ts";
import { loadStylesheet } from "./routes/assets.ts";
import { createBackground } from "./sign_in.ts";

const keys = await withLocalSecretKeys(Deno.env.toObject());
const cfg = loadConsoleConfig(keys.env);
const log = createLogger("console", cfg.LOG_LEVEL);
if (keys.from === "local file") {
  log.info("development: webhook secrets are sealed with the local key", {
    file: LOCAL_SECRET_KEYS_FILE,
  });
}
const sql = connect(cfg.DATABASE_URL, {
  max: cfg.CONSOLE_DB_POOL_SIZE,
  connectTimeout: 3,
  name: "console" satisfies ServiceKind,
});
const mailer = cfg.SMTP_URL
  ? createSmtpMailer({ url: cfg.SMTP_URL, from: cfg.MAIL_FROM })
  : undefined;
if (!mailer) log.warn("no SMTP_URL: sign-in links and invitations cannot be e-mailed");
const readiness = startDatabaseReadiness(sql);
// Spent links and ended sessions are the console's own rows to trim.
const retention = startRetention({ sql, log }, {
  tables: ["console_sign_in_tokens", "console_sessions"],
  intervalMs: cfg.PURGE_INTERVAL_MS,
});
const background = createBackground();
const app = createApp({
  sql,
  log,
  mailer,
  background,
  readiness,
  stylesheet: await loadStylesheet(),
  logSignInLinks: cfg.HIRE_ENV === "development",
  ...consoleSettings(cfg),
});

const server = Deno.serve({
  port: cfg.CONSOLE_PORT,
  onListen: ({ port }) => log.info("console listening", { port, base_url: cfg.CONSOLE_BASE_URL }),
}, app.fetch);

onShutdown(log, async () => {
  await server.shutdown();
  await background.settled();
  await mailer?.close();
  retention.stop();
  readiness.stop();
  await sql.end({ timeout: 5 });
});
