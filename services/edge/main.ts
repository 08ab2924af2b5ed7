/**
 * Entry point of the edge: the only file that reads the environment, opens connections
 * and handles signals.
 */
import { connect } from "@hire/db";
import { createKafka, createPublisher, FAST_FAIL_RETRY } from "@hire/kafka";
import { onShutdown } from "@hire/shutdown";
import { createLogger } from "@hire/log";
import { createApp } from "./app.ts";
import { createCommandBus } from "./command_bus.ts";
import { appSettings, loadEdgeConfig } from "./config.ts";
import { createIdempotencyStore } from "./idempotency.ts";
import { clearOnKeyChange, createKeyCache } from "./middleware/auth.ts";

const cfg = loadEdgeConfig();
const log = createLogger("edge", cfg.LOG_LEVEL);
const sql = connect(cfg.DATABASE_URL, { max: cfg.DB_POOL_SIZE, connectTimeout: 3, name: "edge" });
const kafka = createKafka({
  brokers: cfg.KAFKA_BROKERS,
  clientId: `${cfg.KAFKA_CLIENT_ID}-edge`,
  logger: log,
  retry: FAST_FAIL_RETRY,
});
const publisher = createPublisher(kafka);
const kafkaAdmin = kafka.admin();

// The edge starts even when Kafka is down: writes answer 503 and /readyz says why,
// and kafkajs reconnects on the next send.
if (!await publisher.connect()) log.warn("kafka not reachable at start-up; will retry on use");
await kafkaAdmin.connect().catch(() => {/* readyz reports it; kafkajs reconnects on use */});
const keyCache = createKeyCache(cfg.AUTH_CACHE_TTL_MS);
const stopKeyListener = await clearOnKeyChange(sql, keyCache);
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
  kafkaAdmin,
  log,
  ...appSettings(cfg),
});

const server = Deno.serve({
  port: cfg.PORT,
  onListen: ({ port }) => log.info("edge listening", { port }),
}, app.fetch);

onShutdown(log, async () => {
  // In-flight requests finish first; new connections are refused meanwhile.
  await server.shutdown();
  await bus.close();
  await stopKeyListener();
  await Promise.allSettled([publisher.disconnect(), kafkaAdmin.disconnect()]);
  await sql.end({ timeout: 5 });
});
