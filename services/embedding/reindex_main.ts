/**
 * `deno task reindex`: fills the vector index of the configured embedding space (model,
 * dimensions, vocabulary) with every job and seeker it lacks, while the system serves.
 * Run it after changing `EMBEDDING_*` or deploying a new vocabulary version, with the same
 * environment as the embedding service; run it again to resume. docs/matching.md.
 */
import { connect } from "@hire/db";
import { createEmbeddingProvider, embeddingSpace } from "@hire/embedding";
import { serviceQueue } from "@hire/kafka";
import { createLogger } from "@hire/log";
import { startServiceOutbox } from "@hire/outbox";
import { createVectorIndex } from "@hire/vector";
import { loadEmbeddingServiceConfig } from "./config.ts";
import { pipelineDeps } from "./pipeline_deps.ts";
import { progressBar } from "./progress.ts";
import { reindex } from "./reindex.ts";

const cfg = loadEmbeddingServiceConfig();
const log = createLogger("reindex", cfg.LOG_LEVEL);
const sql = connect(cfg.DATABASE_URL, { max: 4, name: "reindex" });
const { queue } = serviceQueue(cfg, { service: "reindex", log });
const provider = await createEmbeddingProvider(cfg);
const space = embeddingSpace(cfg);
// Each embedding space has its own tables or collections (docs/matching.md).
const index = createVectorIndex({ sql, ...space, ...cfg });
await index.init();
const deps = pipelineDeps(cfg, { sql, provider, index, log });
const outbox = await startServiceOutbox({ sql, queue, log }, {
  topics: [cfg.TOPIC_JOBS_EVENTS, cfg.TOPIC_EMBEDDINGS_READY],
  intervalMs: cfg.OUTBOX_INTERVAL_MS,
});
console.log(`re-indexing into ${space.name} (${index.backend}, prefix ${space.prefix})`);
const tty = Deno.stdout.isTerminal();
const started = performance.now();
let phaseStarted = started;
let last = "";
try {
  const done = await reindex(deps, {
    batch: cfg.EMBEDDING_BATCH_SIZE,
    afterBatch: () => outbox.flushSoon(),
    onProgress(p) {
      if (p.done === 0) phaseStarted = performance.now();
      const line = progressBar({ ...p, elapsedMs: performance.now() - phaseStarted });
      // On a terminal the bar redraws in place; in a log, one line per phase end.
      if (tty) Deno.stdout.writeSync(new TextEncoder().encode(`\r${line}`));
      else if (p.done === p.total) console.log(line);
      last = line;
    },
  });
  if (tty && last) console.log();
  console.log(
    `done: ${done.jobs} jobs and ${done.seekers} seekers checked in ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s`,
  );
} finally {
  await outbox.stop();
  await provider.close();
  await index.close();
  await sql.end({ timeout: 5 });
}
