/** What the embedding pipeline's steps share. */
import type { Sql } from "@hire/db";
import type { EmbeddingProvider } from "@hire/embedding";
import type { Logger } from "@hire/log";
import type { VectorIndex } from "@hire/vector";
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
