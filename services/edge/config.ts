/** The edge's configuration, read once at start-up. */
import { boolVar, commonEnv, intVar, parseConfig } from "@hire/config";
import { type Plan, type PlanLimits, planLimits, planLimitsEnv } from "@hire/partners";
import { retentionEnv } from "@hire/tables";
import { topicEnv } from "@hire/topology";
import {
  createSecretBox,
  type SecretBox,
  secretKeysRequiredInProduction,
  webhookAddressEnv,
  webhookSecretKeysEnv,
} from "@hire/webhooks";
import { z } from "zod";
import { type VersionDeprecation, versioningEnv } from "./versioning.ts";

const schema = z.object({
  ...commonEnv,
  TOPIC_JOBS_COMMANDS: topicEnv.TOPIC_JOBS_COMMANDS,
  ...webhookAddressEnv,
  ...webhookSecretKeysEnv,
  ...planLimitsEnv,
  ...versioningEnv,
  /** Port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * How long a write waits for the job service to apply its command. After it, the edge
   * fences the command off and answers 503, so a late apply can never follow a 503.
   */
  COMMAND_TIMEOUT_MS: intVar(5000),
  /**
   * Largest accepted request body of single-job endpoints, in bytes. A bulk create may be
   * as large as its 100 items at this size each.
   */
  BODY_LIMIT_BYTES: intVar(256 * 1024),
  /** How long a verified API key is trusted without a lookup; revocations clear it at once. */
  AUTH_CACHE_TTL_MS: intVar(30_000),
  /**
   * Memory for jobs kept for retrieve, in bytes (about 1 KB a job plus its text); every
   * change of a job drops it at once (`job_cache.ts`). 0 turns the cache off.
   */
  JOB_CACHE_BYTES: z.coerce.number().int().min(0).default(64 * 1024 * 1024),
  /**
   * Requests one client address may send per minute (per edge process, in bursts up to the
   * same number) that the key cache cannot answer: failed authentications, and lookups
   * while they run. Past it, 429 before any lookup, so guessing keys costs Postgres nothing.
   */
  AUTH_ATTEMPTS_PER_MINUTE: intVar(60),
  /**
   * Behind a reverse proxy, the client's address is the last one the proxy appended to
   * `X-Forwarded-For`. Off by default: without a proxy any client could write that header.
   */
  TRUST_PROXY: boolVar(false),
  /** Postgres connections of one edge process. */
  DB_POOL_SIZE: intVar(20),
  ...retentionEnv,
}).refine(
  (c) =>
    !c.API_V1_SUNSET_AT || !c.API_V1_DEPRECATED_AT ||
    Date.parse(c.API_V1_SUNSET_AT) >= Date.parse(c.API_V1_DEPRECATED_AT),
  { path: ["API_V1_SUNSET_AT"], message: "must not be before API_V1_DEPRECATED_AT" },
).refine(...secretKeysRequiredInProduction);

/** The validated configuration. */
export type EdgeConfig = z.infer<typeof schema>;

/** Reads the configuration from the environment. */
export const loadEdgeConfig = (env?: Record<string, string | undefined>): EdgeConfig =>
  parseConfig(schema, env);

/** What the HTTP application takes from configuration (the rest of its deps are clients). */
export interface AppSettings {
  /** Base of error `type` URIs and of the API reference's server URL. */
  publicBaseUrl: string;
  /** Base of every job's `service_url`: the public site. */
  siteBaseUrl: string;
  commandTimeoutMs: number;
  bodyLimitBytes: number;
  /** Unauthenticated requests one address may send per minute before a 429. */
  authAttemptsPerMinute: number;
  /** Take the client's address from the last `X-Forwarded-For` hop. */
  trustProxy: boolean;
  /** Lifts the public-address rule for webhook URLs (development and tests only). */
  allowPrivateNetworks: boolean;
  /** Seals the webhook secrets the edge issues (`WEBHOOK_SECRET_KEYS`). */
  webhookSecrets: SecretBox;
  planLimits: Record<Plan, PlanLimits>;
  deprecation: VersionDeprecation;
}

/** The app's settings from a validated configuration. */
export function appSettings(cfg: EdgeConfig): AppSettings {
  return {
    publicBaseUrl: cfg.PUBLIC_BASE_URL,
    siteBaseUrl: cfg.SITE_BASE_URL,
    commandTimeoutMs: cfg.COMMAND_TIMEOUT_MS,
    bodyLimitBytes: cfg.BODY_LIMIT_BYTES,
    authAttemptsPerMinute: cfg.AUTH_ATTEMPTS_PER_MINUTE,
    trustProxy: cfg.TRUST_PROXY,
    allowPrivateNetworks: cfg.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    webhookSecrets: createSecretBox(cfg.WEBHOOK_SECRET_KEYS),
    planLimits: planLimits(cfg),
    deprecation: {
      deprecatedAt: cfg.API_V1_DEPRECATED_AT,
      sunsetAt: cfg.API_V1_SUNSET_AT,
      link: cfg.API_V1_DEPRECATION_LINK,
    },
  };
}
