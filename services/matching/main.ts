/**
 * Entry point of the matching service: the only file that reads the environment, opens
 * connections and handles signals.
 */
import { connectConsumer, type ServiceKind } from "@hire/db";
import { embeddingSpace } from "@hire/embedding";
import { serviceQueue } from "@hire/kafka";
import { onShutdown } from "@hire/shutdown";
import { createLogger } from "@hire/log";
import { createRegistry, serveMetrics } from "@hire/metrics";
import { createVectorIndex, readCacheFit } from "@hire/vector";
import { loadMatchingConfig } from "./config.ts";
import { startCacheFitWatch } from "./cache_fit_watch.ts";
import { fullScanWarning } from "./full_scan_warning.ts";
import { startMatchingService } from "./service.ts";

const cfg = loadMatchingConfig();
const log = createLogger("matching", cfg.LOG_LEVEL);
const sql = connectConsumer(cfg.DATABASE_URL, {
  max: cfg.MATCHING_CONCURRENCY + 2,
  name: "matching" satisfies ServiceKind,
});
const { queue } = serviceQueue(cfg, { service: "matching", log });
// Each embedding space has its own tables or collections (docs/matching.md).
const space = embeddingSpace(cfg);
const index = createVectorIndex({ sql, ...space, ...cfg });
await index.init();
const fullScan = fullScanWarning({
  backend: index.backend,
  graph: cfg.PGVECTOR_GRAPH,
  blocks: space.blocks,
  threshold: cfg.MATCH_THRESHOLD,
});
if (fullScan) log.warn(fullScan);

const metrics = createRegistry({ labels: { service: "matching" } });
// Qdrant keeps its collections outside Postgres's cache.
const cacheFit = index.backend === "pgvector"
  ? await startCacheFitWatch(
    { read: () => readCacheFit(sql, space.prefix), log, metrics },
    { intervalMs: cfg.MATCHING_CACHE_CHECK_MS },
  )
  : undefined;

const service = await startMatchingService(cfg, { sql, queue, log, index, metrics });
const metricsServer = serveMetrics(metrics, {
  port: cfg.METRICS_PORT,
  hostname: cfg.METRICS_HOSTNAME,
  log,
});

onShutdown(log, async () => {
  cacheFit?.stop();
  await service.stop();
  await metricsServer.stop();
  await index.close();
  await sql.end({ timeout: 5 });
});
