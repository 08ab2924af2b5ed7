/** The edge's configuration, read once at start-up. */
import { commonEnv, intVar, parseConfig } from "@hire/config";
import { type Plan, type PlanLimits, planLimits, planLimitsEnv } from "@hire/partners";
import { retentionEnv } from "@hire/tables";
import { topicEnv } from "@hire/topology";
import { webhookAddressEnv } from "@hire/webhooks";
import { z } from "zod";
import { type VersionDeprecation, versioningEnv } from "./versioning.ts";

const schema = z.object({
  ...commonEnv,
  TOPIC_JOBS_COMMANDS: topicEnv.TOPIC_JOBS_COMMANDS,
  ...webhookAddressEnv,
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
  /** Postgres connections of one edge process. */
  DB_POOL_SIZE: intVar(20),
  ...retentionEnv,
}).refine(
  (c) =>
    !c.API_V1_SUNSET_AT || !c.API_V1_DEPRECATED_AT ||
    Date.parse(c.API_V1_SUNSET_AT) >= Date.parse(c.API_V1_DEPRECATED_AT),
  { path: ["API_V1_SUNSET_AT"], message: "must not be before API_V1_DEPRECATED_AT" },
);

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
  /** Lifts the public-address rule for webhook URLs (development and tests only). */
  allowPrivateNetworks: boolean;
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
    allowPrivateNetworks: cfg.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    planLimits: planLimits(cfg),
    deprecation: {
      deprecatedAt: cfg.API_V1_DEPRECATED_AT,
      sunsetAt: cfg.API_V1_SUNSET_AT,
      link: cfg.API_V1_DEPRECATION_LINK,
    },
  };
}
