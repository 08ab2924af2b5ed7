/**
 * Entry point of the public site: the only file that reads the environment, opens
 * connections and handles signals.
 */
import { connect } from "@hire/db";
import { startDatabaseReadiness } from "@hire/http";
import { announceApiLoad } from "@hire/load";
import { onShutdown } from "@hire/shutdown";
import { createLogger } from "@hire/log";
import { createApp } from "./app.ts";
import { loadSiteConfig, siteDatabaseOptions, siteSettings } from "./config.ts";
import { loadStylesheet } from "./routes/assets.ts";

const cfg = loadSiteConfig();
const log = createLogger("site", cfg.LOG_LEVEL);
const sql = connect(cfg.DATABASE_URL, siteDatabaseOptions(cfg));
const readiness = startDatabaseReadiness(sql);
const app = createApp({
  sql,
  readiness,
  log,
  stylesheet: await loadStylesheet(),
  ...siteSettings(cfg),
});

// Background work gives way while seekers are being served too (@hire/load).
const load = announceApiLoad(sql, "site");

const server = Deno.serve({
  port: cfg.SITE_PORT,
  onListen: ({ port }) => log.info("site listening", { port, base_url: cfg.SITE_BASE_URL }),
}, app.fetch);

onShutdown(log, async () => {
  await server.shutdown();
  load.stop();
  readiness.stop();
  await sql.end({ timeout: 5 });
});
