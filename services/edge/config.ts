/** The edge's configuration, read once at start-up. */
import { commonEnv, intVar, parseConfig, topicEnv } from "@hire/config";
import { webhookAddressEnv } from "@hire/webhooks";
import { z } from "zod";

const schema = z.object({
  ...commonEnv,
  TOPIC_JOBS_COMMANDS: topicEnv.TOPIC_JOBS_COMMANDS,
  ...webhookAddressEnv,
  /** Port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * How long a write waits for the job service to apply its command. After it, the edge
   * fences the command off and answers 503, so a late apply can never follow a 503.
   */
  COMMAND_TIMEOUT_MS: intVar(5000),
  /** Largest accepted request body of single-job endpoints, in bytes. */
  BODY_LIMIT_BYTES: intVar(256 * 1024),
  /** How long a verified API key is trusted without a lookup; revocations clear it at once. */
  AUTH_CACHE_TTL_MS: intVar(30_000),
  /** Postgres connections of one edge process. */
  DB_POOL_SIZE: intVar(20),
});

/** The validated configuration. */
export type EdgeConfig = z.infer<typeof schema>;

/** Reads the configuration from the environment. */
export const loadEdgeConfig = (env?: Record<string, string | undefined>): EdgeConfig =>
  parseConfig(schema, env);
