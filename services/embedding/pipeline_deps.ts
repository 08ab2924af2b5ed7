/** What the embedding pipeline's steps share. */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import type { EmbeddingProvider } from "@hire/embedding";
import type { ApiLoad } from "@hire/load";
import type { Logger } from "@hire/log";
import type { VectorIndex } from "@hire/vector";
import type { EmbeddingServiceConfig } from "./config.ts";
import type { RetryPolicy } from "./retry_policy.ts";
import { noGate, type YieldGate, yieldGate } from "./yield_gate.ts";

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
  /** What each chunk of late texts asks before it starts. */
  gate: YieldGate;
  /** How long late work deferred by a consumer waits for the retry sweeper. */
  deferMs: number;
}

/**
 * The reconcilers' dependencies as the service and `deno task reindex` build them. Without
 * `apiLoad` (nothing listening), no chunk waits.
 */
export function pipelineDeps(
  cfg: EmbeddingServiceConfig,
  deps: Pick<PipelineDeps, "sql" | "provider" | "index" | "log"> & { apiLoad?: ApiLoad },
): PipelineDeps {
  const { apiLoad, ...shared } = deps;
  return {
    ...shared,
    policy: {
      maxAttempts: cfg.EMBEDDING_MAX_ATTEMPTS,
      baseMs: cfg.EMBEDDING_RETRY_BASE_MS,
      capMs: cfg.EMBEDDING_RETRY_CAP_MS,
    },
    siteBaseUrl: cfg.SITE_BASE_URL,
    topics: { events: cfg.TOPIC_JOBS_EVENTS, embeddingsReady: cfg.TOPIC_EMBEDDINGS_READY },
    now: () => new Date(),
    newId: () => newId("evt"),
    gate: apiLoad ? gateFor(cfg, apiLoad, deps.log) : noGate,
    deferMs: DEFER_MS,
  };
}

/** The yield gate the configuration asks for. */
function gateFor(cfg: EmbeddingServiceConfig, apiLoad: ApiLoad, log: Logger): YieldGate {
  return yieldGate({
    threshold: cfg.EMBEDDING_YIELD_API_CPU / 100,
    lateAfterMs: cfg.EMBEDDING_YIELD_LATE_MS,
    burstPerSecond: cfg.EMBEDDING_YIELD_BURST_PER_S,
    maxWaitMs: cfg.EMBEDDING_YIELD_MAX_WAIT_MS,
    probeMs: YIELD_PROBE_MS,
    readLoad: apiLoad.current,
    onChange: (yielding, load) => {
      const at = { apiCpu: Math.round(load * 100) / 100 };
      if (yielding) log.info("embedding yields to a busy API: late work deferred or small", at);
      else log.info("embedding no longer yields", at);
    },
    onBurst: (bursting, perSecond) => {
      const at = { textsPerSecond: Math.round(perSecond) };
      if (bursting) log.info("texts arrive in a burst: fresh work is late too", at);
      else log.info("the burst is over: fresh work goes at once", at);
    },
  });
}

// Late work a consumer defers comes back through the sweeper after this long: soon enough
// that a burst's backlog resumes within seconds of the API going quiet, long enough that a
// busy API is not asked again for the same texts many times a second.
const DEFER_MS = 5000;

// Half an announcement interval of the API's processes: a chunk waiting on an API gone
// quiet starts within a fraction of a second.
const YIELD_PROBE_MS = 100;

/** When late work a consumer defers now is due for the retry sweeper. */
export const deferUntil = (deps: Pick<PipelineDeps, "now" | "deferMs">): Date =>
  new Date(deps.now().getTime() + deps.deferMs);
