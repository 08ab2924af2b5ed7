/** The console's configuration, read once at start-up. */
import { boolVar, commonEnv, durationVar, intVar, parseConfig } from "@hire/config";
import { mailEnv } from "@hire/mail";
import { retentionEnv } from "@hire/tables";
import { type Plan, type PlanLimits, planLimits, planLimitsEnv } from "@hire/partners";
import {
  createSecretBox,
  type SecretBox,
  secretKeysRequiredInProduction,
  webhookAddressEnv,
  webhookSecretKeysEnv,
} from "@hire/webhooks";
import { z } from "zod";
import { servedSecurely } from "./middleware/session.ts";

const schema = z.object({
  HIRE_ENV: commonEnv.HIRE_ENV,
  DATABASE_URL: commonEnv.DATABASE_URL,
  LOG_LEVEL: commonEnv.LOG_LEVEL,
  PUBLIC_BASE_URL: commonEnv.PUBLIC_BASE_URL,
  SITE_BASE_URL: commonEnv.SITE_BASE_URL,
  CONSOLE_BASE_URL: commonEnv.CONSOLE_BASE_URL,
  ...mailEnv,
  ...webhookAddressEnv,
  ...webhookSecretKeysEnv,
  // The overview shows the limits the edge enforces: the same variables, the same defaults.
  ...planLimitsEnv,
  ...retentionEnv,
  /** Port the console listens on. */
  CONSOLE_PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  /** Postgres connections of one console process. */
  CONSOLE_DB_POOL_SIZE: intVar(10),
  /** A session ends after this long without a page view. */
  CONSOLE_SESSION_IDLE: durationVar("2h"),
  /** A session ends this long after sign-in, however active. */
  CONSOLE_SESSION_MAX: durationVar("24h"),
  /** How long a sign-in link works (once). */
  CONSOLE_SIGN_IN_LINK_TTL: durationVar("15m"),
  /** Sign-in links one address may be sent per hour (per console process). */
  CONSOLE_SIGN_IN_PER_ADDRESS_PER_HOUR: intVar(5),
  /** Sign-in requests one client address may make per minute (per console process). */
  CONSOLE_SIGN_IN_PER_CLIENT_PER_MINUTE: intVar(10),
  /** Page views and form posts one client address may make per minute before a 429. */
  CONSOLE_RATE_LIMIT_PER_MINUTE: intVar(600),
  /**
   * Behind a reverse proxy, the client's address is the last one the proxy appended to
   * `X-Forwarded-For`. Off by default: without a proxy a visitor could write that header.
   */
  CONSOLE_TRUST_PROXY: boolVar(false),
}).refine(...secretKeysRequiredInProduction).refine(
  (c) => c.HIRE_ENV !== "production" || servedSecurely(c.CONSOLE_BASE_URL),
  {
    path: ["CONSOLE_BASE_URL"],
    message: "must be https (or loopback) in production: the session cookie is https-only",
  },
);

/** The validated configuration. */
export type ConsoleConfig = z.infer<typeof schema>;

/** Reads the configuration from the environment. */
export const loadConsoleConfig = (env?: Record<string, string | undefined>): ConsoleConfig =>
  parseConfig(schema, env);

/** What the console's HTTP application takes from configuration. */
export interface ConsoleSettings {
  /** Where the console is reached: its origin is the only one a form may be posted from. */
  baseUrl: string;
  /** The partner API, shown to developers. */
  apiBaseUrl: string;
  siteBaseUrl: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  signInLinkTtlMs: number;
  signInPerAddressPerHour: number;
  signInPerClientPerMinute: number;
  rateLimitPerMinute: number;
  trustProxy: boolean;
  /** Lifts the public-address rule for webhook URLs (development and tests only). */
  allowPrivateNetworks: boolean;
  /** Seals the webhook secrets the console issues, as the edge does. */
  webhookSecrets: SecretBox;
  /** Each plan's limits, as the edge enforces them. */
  planLimits: Record<Plan, PlanLimits>;
}

/** The app's settings from a validated configuration. */
export function consoleSettings(cfg: ConsoleConfig): ConsoleSettings {
  return {
    baseUrl: cfg.CONSOLE_BASE_URL,
    apiBaseUrl: cfg.PUBLIC_BASE_URL,
    siteBaseUrl: cfg.SITE_BASE_URL,
    sessionIdleMs: cfg.CONSOLE_SESSION_IDLE,
    sessionMaxMs: cfg.CONSOLE_SESSION_MAX,
    signInLinkTtlMs: cfg.CONSOLE_SIGN_IN_LINK_TTL,
    signInPerAddressPerHour: cfg.CONSOLE_SIGN_IN_PER_ADDRESS_PER_HOUR,
    signInPerClientPerMinute: cfg.CONSOLE_SIGN_IN_PER_CLIENT_PER_MINUTE,
    rateLimitPerMinute: cfg.CONSOLE_RATE_LIMIT_PER_MINUTE,
    trustProxy: cfg.CONSOLE_TRUST_PROXY,
    allowPrivateNetworks: cfg.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    webhookSecrets: createSecretBox(cfg.WEBHOOK_SECRET_KEYS),
    planLimits: planLimits(cfg),
  };
}
