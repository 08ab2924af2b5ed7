/**
 * Entry point of the edge: the only file that reads the environment, opens connections
 * and handles signals.
 */
import { connect, type ServiceKind } from "@hire/db";
import { createKafkaProbe, FAST_FAIL_RETRY, serviceQueue } from "@hire/kafka";
import { announceApiLoad } from "@hire/load";
import { startRetention } from "@hire/tables";
import { onShutdown } from "@hire/shutdown";
import { createLogger } from "@hire/log";
import { LOCAL_SECRET_KEYS_FILE, withLocalSecretKeys } from "@hire/webhooks";
import { createApp } from "./app.ts";
import { createCommandBus } from "./command_bus.ts";
import { appSettings, loadEdgeConfig } from "./config.ts";
import { createIdempotencyStore } from "./idempotency.ts";
import { createJobCache, dropOnJobChange } from "./job_cache.ts";
import { clearOnKeyChange, createKeyCache } from "./middleware/auth.ts";
import { startEdgeReadiness } from "./routes/health.ts";

const keys = await withLocalSecretKeys(Deno.env.toObject());
const cfg = loadEdgeConfig(keys.env);
const log = createLogger("edge", cfg.LOG_LEVEL);
if (keys.from === "local file") {
  log.info("development: webhook secrets are sealed with the local key", {
    file: LOCAL_SECRET_KEYS_FILE,
  });
}
const sql = connect(cfg.DATABASE_URL, {
  max: cfg.DB_POOL_SIZE,
  connectTimeout: 3,
  name: "edge" satisfies ServiceKind,
});
const { kafka, queue } = serviceQueue(cfg, { service: "edge", log, retry: FAST_FAIL_RETRY });
const publisher = queue.publisher();
const queueProbe = createKafkaProbe(kafka);

// The edge starts even when Kafka is down: writes answer 503 and /readyz says why,
// and the publisher and probe reconnect on their next use.
if (!await publisher.connect()) log.warn("kafka not reachable at start-up; will retry on use");
await queueProbe.connect();
const readiness = startEdgeReadiness({ sql, queueProbe });
const keyCache = createKeyCache(cfg.AUTH_CACHE_TTL_MS);
const stopKeyListener = await clearOnKeyChange(sql, keyCache);
const jobCache = createJobCache(cfg.JOB_CACHE_BYTES, cfg.SITE_BASE_URL);
const stopJobListener = await dropOnJobChange(sql, jobCache);
const bus = await createCommandBus({
  sql,
  publisher,
  topic: cfg.TOPIC_JOBS_COMMANDS,
  timeoutMs: cfg.COMMAND_TIMEOUT_MS,
  log,
});
const app = createApp({
  sql,
  bus,
  idempotency: createIdempotencyStore(sql),
  keyCache,
  jobCache,
  readiness,
  log,
  ...appSettings(cfg),
});

// Stored idempotency keys are the edge's; each edge process trims them (a repeated purge
// finds nothing).
const retention = startRetention({ sql, log }, {
  tables: ["idempotency_keys"],
  intervalMs: cfg.PURGE_INTERVAL_MS,
});

// Background work gives way while the API is busy (@hire/load).
const load = announceApiLoad(sql, "edge");

const server = Deno.serve({
  port: cfg.PORT,
  onListen: ({ port }) => log.info("edge listening", { port }),
}, app.fetch);

onShutdown(log, async () => {
  // In-flight requests finish first; new connections are refused meanwhile.
  await server.shutdown();
  load.stop();
  retention.stop();
  readiness.stop();
  await bus.close();
  await stopKeyListener();
  await stopJobListener();
  await Promise.allSettled([publisher.disconnect(), queueProbe.disconnect()]);
  await sql.end({ timeout: 5 });
});
