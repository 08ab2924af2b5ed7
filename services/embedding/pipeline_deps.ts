/** What the embedding pipeline's steps share. */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import type { EmbeddingProvider } from "@hire/embedding";
import type { Logger } from "@hire/log";
import type { VectorIndex } from "@hire/vector";
import type { EmbeddingServiceConfig } from "./config.ts";
import type { RetryPolicy } from "./retry_policy.ts";

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
  };
}
