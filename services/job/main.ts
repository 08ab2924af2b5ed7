/**
 * Entry point of the job service: the only file that reads the environment, opens
 * connections and handles signals.
 */
import { connectConsumer, type ServiceKind } from "@hire/db";
import { serviceQueue } from "@hire/kafka";
import { announceApiLoad } from "@hire/load";
import { onShutdown } from "@hire/shutdown";
import { createLogger } from "@hire/log";
import { createRegistry, serveMetrics } from "@hire/metrics";
import { loadJobConfig } from "./config.ts";
import { startJobService } from "./service.ts";

const cfg = loadJobConfig();
const log = createLogger("job", cfg.LOG_LEVEL);
const sql = connectConsumer(cfg.DATABASE_URL, {
  max: cfg.JOB_CONCURRENCY + 2,
  name: "job" satisfies ServiceKind,
});
const { queue } = serviceQueue(cfg, { service: "job", log });

const metrics = createRegistry({ labels: { service: "job" } });

const service = await startJobService(cfg, { sql, queue, log, metrics });
// Creates wait on this service: background work gives way while it is busy (@hire/load).
const load = announceApiLoad(sql, "job");
const metricsServer = serveMetrics(metrics, {
  port: cfg.METRICS_PORT,
  hostname: cfg.METRICS_HOSTNAME,
  log,
});

onShutdown(log, async () => {
  load.stop();
  await service.stop();
  await metricsServer.stop();
  await sql.end({ timeout: 5 });
});
