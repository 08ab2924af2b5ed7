/** The matching service's configuration, read once at start-up. */
import { commonEnv, intVar, parseConfig } from "@hire/config";
import { checkEmbeddingEnv, embeddingEnv } from "@hire/embedding";
import { metricsEnv } from "@hire/metrics";
import { retentionEnv } from "@hire/tables";
import { groupEnv, topicEnv } from "@hire/topology";
import { vectorEnv } from "@hire/vector";
import { z } from "zod";

const schema = z.object({
  ...commonEnv,
  TOPIC_JOBS_EVENTS: topicEnv.TOPIC_JOBS_EVENTS,
  TOPIC_EMBEDDINGS_READY: topicEnv.TOPIC_EMBEDDINGS_READY,
  // The index's dimension follows the embedding provider's configuration.
  ...embeddingEnv,
  ...vectorEnv,
  /**
   * Lowest score (cosine similarity of the two vectors, in [0, 1]) announced as a
   * high-confidence match. 0.6: with the occupation bridge the same occupation scores at
   * least about 0.63 and different ones at most about 0.35 (docs/matching.md).
   */
  MATCH_THRESHOLD: z.coerce.number().min(0).max(1).default(0.6),
  /** Most candidates looked at per job or seeker. */
  MATCH_LIMIT: intVar(50),
  MATCHING_GROUP_ID: groupEnv.MATCHING_GROUP_ID,
  /**
   * Searches at once. Each is an exact scan of a block in Postgres; four at once held both
   * cores of a 2-core machine and starved the embedding service that feeds matching
   * (docs/performance.md, Pipeline): 201 -> match_ready p95 17 s at 4, 0.8 s at 2.
   */
  MATCHING_CONCURRENCY: intVar(2),
  OUTBOX_INTERVAL_MS: intVar(1000),
  /**
   * How often the pgvector tables' size is read against `shared_buffers` (cache_fit_watch.ts):
   * two cheap catalogue reads; the tables grow with the seekers, over days.
   */
  MATCHING_CACHE_CHECK_MS: intVar(300_000),
  KAFKA_SESSION_TIMEOUT_MS: intVar(30_000),
  ...retentionEnv,
  ...metricsEnv,
}).superRefine(checkEmbeddingEnv);

/** The validated configuration. */
export type MatchingConfig = z.infer<typeof schema>;

/** Reads the configuration from the environment. */
export const loadMatchingConfig = (env?: Record<string, string | undefined>): MatchingConfig =>
  parseConfig(schema, env);
