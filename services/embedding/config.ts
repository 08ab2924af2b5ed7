/** The embedding service's configuration, read once at start-up. */
import { commonEnv, intVar, niceVar, parseConfig } from "@hire/config";
import { checkEmbeddingEnv, embeddingEnv } from "@hire/embedding";
import { metricsEnv } from "@hire/metrics";
import { groupEnv, topicEnv } from "@hire/topology";
import { vectorEnv } from "@hire/vector";
import { z } from "zod";

const schema = z.object({
  ...commonEnv,
  TOPIC_JOBS_EVENTS: topicEnv.TOPIC_JOBS_EVENTS,
  TOPIC_JOBS_CHANGED: topicEnv.TOPIC_JOBS_CHANGED,
  TOPIC_EMBEDDINGS_READY: topicEnv.TOPIC_EMBEDDINGS_READY,
  TOPIC_SEEKERS: topicEnv.TOPIC_SEEKERS,
  ...embeddingEnv,
  ...vectorEnv,
  /** Consumer group of the embedding service. */
  EMBEDDING_GROUP_ID: groupEnv.EMBEDDING_GROUP_ID,
  /**
   * Nice value of the whole process (0 to 19; 0 leaves the priority alone): background work
   * gives way to the API's processes on a shared machine.
   */
  EMBEDDING_NICE: niceVar(10),
  /**
   * Load of the API, in percent of one core (the CPU the edge, job service and site
   * announce, summed), above which late work is deferred to the retry sweeper, which waits
   * (yield_gate.ts); 0 turns the gate off.
   */
  EMBEDDING_YIELD_API_CPU: z.coerce.number().int().min(0).max(10_000).default(30),
  /**
   * How long a text waits (since its job's or profile's last change) before it is late:
   * only late work is deferred or waits for a busy API.
   */
  EMBEDDING_YIELD_LATE_MS: intVar(30_000),
  /**
   * Texts a second arriving (over 5 s) above which fresh work is late too, deferred or
   * waiting while the API is busy (yield_gate.ts): more than the pipeline follows on the
   * machine it shares with the API; 0: fresh work is never held.
   */
  EMBEDDING_YIELD_BURST_PER_S: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** Longest wait of the sweeper's chunk for the API; then a small chunk goes on anyway. */
  EMBEDDING_YIELD_MAX_WAIT_MS: intVar(1000),
  /** Partitions processed at once; their work shares provider calls. */
  EMBEDDING_CONCURRENCY: intVar(12),
  /** Attempts at embedding one text before the job is marked failed. */
  EMBEDDING_MAX_ATTEMPTS: intVar(5),
  /** First retry delay; doubles with each attempt, with jitter. */
  EMBEDDING_RETRY_BASE_MS: intVar(2000),
  /** Longest retry delay. */
  EMBEDDING_RETRY_CAP_MS: intVar(300_000),
  /** How often due retries are looked for. */
  EMBEDDING_RETRY_SWEEP_MS: intVar(1000),
  OUTBOX_INTERVAL_MS: intVar(1000),
  KAFKA_SESSION_TIMEOUT_MS: intVar(30_000),
  ...metricsEnv,
}).superRefine(checkEmbeddingEnv);

/** The validated configuration. */
export type EmbeddingServiceConfig = z.infer<typeof schema>;

/** Reads the configuration from the environment. */
export const loadEmbeddingServiceConfig = (
  env?: Record<string, string | undefined>,
): EmbeddingServiceConfig => parseConfig(schema, env);
