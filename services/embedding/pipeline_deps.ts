/** What the embedding pipeline's steps share. */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import type { EmbeddingProvider } from "@hire/embedding";
import type { Logger } from "@hire/log";
import type { VectorIndex } from "@hire/vector";
import type { EmbeddingServiceConfig } from "./config.ts";
import { readCpuStallUs } from "./cpu_pressure.ts";
import type { RetryPolicy } from "./retry_policy.ts";
import { type Admit, admitAlways, yieldGate } from "./yield_gate.ts";

/** Dependencies of the reconcilers. */
export interface PipelineDeps {
  sql: Sql;
  provider: EmbeddingProvider;
  index: VectorIndex;
  log: Logger;
  policy: RetryPolicy;
  siteBaseUrl: string;
  topics: { events: string; embeddingsReady: string };
  now: () => Date;
  newId: () => string;
  /** Lets each chunk of texts through the yield gate. */
  admit: Admit;
}

/** The reconcilers' dependencies as the service and `deno task reindex` build them. */
export function pipelineDeps(
  cfg: EmbeddingServiceConfig,
  deps: Pick<PipelineDeps, "sql" | "provider" | "index" | "log">,
): PipelineDeps {
  return {
    ...deps,
    policy: {
      maxAttempts: cfg.EMBEDDING_MAX_ATTEMPTS,
      baseMs: cfg.EMBEDDING_RETRY_BASE_MS,
      capMs: cfg.EMBEDDING_RETRY_CAP_MS,
    },
    siteBaseUrl: cfg.SITE_BASE_URL,
    topics: { events: cfg.TOPIC_JOBS_EVENTS, embeddingsReady: cfg.TOPIC_EMBEDDINGS_READY },
    now: () => new Date(),
    newId: () => newId("evt"),
    admit: admitFor(cfg, deps.log),
  };
}

/** The yield gate the configuration asks for. */
function admitFor(cfg: EmbeddingServiceConfig, log: Logger): Admit {
  if (cfg.EMBEDDING_YIELD_PRESSURE === 0) return admitAlways;
  return yieldGate({
    threshold: cfg.EMBEDDING_YIELD_PRESSURE / 100,
    maxWaitMs: cfg.EMBEDDING_YIELD_MAX_WAIT_MS,
    probeMs: YIELD_PROBE_MS,
    readStallUs: readCpuStallUs,
    onChange: (yielding, pressure) => {
      const at = { cpuPressure: Math.round(pressure * 100) / 100 };
      if (yielding) log.info("embedding yields to a busy CPU: small chunks", at);
      else log.info("embedding no longer yields", at);
    },
  });
}

// Long enough for the pressure over it to mean something (the kernel's counters move in
// scheduler ticks), short enough that a chunk waiting on a machine gone quiet starts soon.
const YIELD_PROBE_MS = 100;
