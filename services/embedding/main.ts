/**
 * Entry point of the embedding service: the only file that reads the environment, opens
 * connections and handles signals.
 */
import { lowerCpuPriority } from "@hire/config";
import { connectConsumer, type ServiceKind } from "@hire/db";
import { createEmbeddingProvider, embeddingSpace } from "@hire/embedding";
import { serviceQueue } from "@hire/kafka";
import { onShutdown } from "@hire/shutdown";
import { createLogger } from "@hire/log";
import { createRegistry, serveMetrics } from "@hire/metrics";
import { createVectorIndex } from "@hire/vector";
import { loadEmbeddingServiceConfig } from "./config.ts";
import { startEmbeddingService } from "./service.ts";

const cfg = loadEmbeddingServiceConfig();
// Before the model is loaded, so onnxruntime's threads start at the lower priority too.
lowerCpuPriority(cfg.EMBEDDING_NICE);
const log = createLogger("embedding", cfg.LOG_LEVEL);
const sql = connectConsumer(cfg.DATABASE_URL, { max: 8, name: "embedding" satisfies ServiceKind });
const { queue } = serviceQueue(cfg, { service: "embedding", log });
const provider = await createEmbeddingProvider(cfg);
// Each embedding space has its own tables or collections (docs/matching.md).
const index = createVectorIndex({ sql, ...embeddingSpace(cfg), ...cfg });
await index.init();

const metrics = createRegistry({ labels: { service: "embedding" } });

const service = await startEmbeddingService(cfg, { sql, queue, log, provider, index, metrics });
const metricsServer = serveMetrics(metrics, {
  port: cfg.METRICS_PORT,
  hostname: cfg.METRICS_HOSTNAME,
  log,
});

onShutdown(log, async () => {
  await service.stop();
  await metricsServer.stop();
  await provider.close();
  await index.close();
  await sql.end({ timeout: 5 });
});
