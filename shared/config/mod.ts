/**
 * Configuration is read once at start-up from the environment, validated with zod, and
 * every problem is reported at once so an operator fixes them in one pass.
 * @module
 */
import { z } from "zod";
import { databaseUrlVar } from "./database_url.ts";

/** Thrown when the environment does not satisfy a service's schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join("\n  ")}`);
    this.name = "ConfigError";
  }
}

/** Parses `env` with `schema`; throws a ConfigError listing every invalid variable. */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = Deno.env.toObject(),
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`),
  );
}

/** Common variables, shared by every service so each is documented once. */
export const commonEnv = {
  /**
   * `production` turns conveniences that are unsafe there into start-up errors (e.g. a
   * missing webhook secret key, which development generates under `.local/`).
   */
  HIRE_ENV: z.enum(["development", "production"]).default("development"),
  /** Postgres; a Unix socket as libpq names one: `…/hire?host=/var/run/postgresql`. */
  DATABASE_URL: databaseUrlVar("postgres://postgres@127.0.0.1:5432/hire"),
  KAFKA_BROKERS: z.string().default("127.0.0.1:9092")
    .transform((s) => s.split(",").map((b) => b.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(1, "list at least one broker as host:port")),
  KAFKA_CLIENT_ID: z.string().min(1).default("hire"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  PUBLIC_BASE_URL: z.string().url().default("http://localhost:8080")
    .transform((s) => s.replace(/\/+$/, "")),
  /** The public job site: every `service_url` is `SITE_BASE_URL/jobs/<id>`. */
  SITE_BASE_URL: z.string().url().default("http://localhost:8081")
    .transform((s) => s.replace(/\/+$/, "")),
  /** The partner console, as partners' people reach it (links in e-mails point here). */
  CONSOLE_BASE_URL: z.string().url().default("http://localhost:8082")
    .transform((s) => s.replace(/\/+$/, "")),
};

/** A positive integer read from a string variable. */
export const intVar = (def: number) => z.coerce.number().int().positive().default(def);

/** A non-negative integer read from a string variable (for settings that 0 turns off). */
export const nonNegativeIntVar = (def: number) => z.coerce.number().int().min(0).default(def);

/** A boolean variable: `true` or `false` (also `1`/`0`), anything else is a problem. */
export const boolVar = (def: boolean) =>
  z.enum(["true", "false", "1", "0"]).default(def ? "true" : "false")
    .transform((s) => s === "true" || s === "1");

const DURATION_UNITS_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** A duration such as `10s`, `500ms`, `5m` or `2h`, read as milliseconds. */
export const durationVar = (def: string) =>
  z.string().default(def).transform((s, ctx) => {
    const m = /^([1-9][0-9]{0,8})(ms|s|m|h)$/.exec(s.trim());
    if (!m) {
      ctx.addIssue({ code: "custom", message: `"${s}" is not a duration like 500ms, 10s or 5m` });
      return z.NEVER;
    }
    return Number(m[1]) * DURATION_UNITS_MS[m[2] as keyof typeof DURATION_UNITS_MS];
  });

export { lowerCpuPriority, niceVar } from "./priority.ts";
export { type DatabaseTarget, databaseTarget } from "./database_url.ts";
