/**
 * The Postgres client every service uses, with the settings that matter for this system.
 * @module
 */
import postgres from "postgres";

/** A postgres.js client. */
export type Sql = postgres.Sql;
/** A transaction of a postgres.js client (what `sql.begin` hands its callback). */
export type Tx = postgres.TransactionSql;

/** Options for {@link connect}. */
export interface ConnectOptions {
  /** Pool size; the edge wants more than a consumer. */
  max?: number;
  /** Seconds to wait for a connection before a query fails (and the edge answers 503). */
  connectTimeout?: number;
  /** Application name shown in pg_stat_activity. */
  name?: string;
  /** Server settings for every connection of the pool, e.g. `plan_cache_mode`. */
  settings?: Record<string, string>;
}

/** Opens a pool. Timestamps come back as Date; bigint columns as strings. */
export function connect(url: string, opts: ConnectOptions = {}): Sql {
  return postgres(url, {
    max: opts.max ?? 10,
    connect_timeout: opts.connectTimeout ?? 5,
    idle_timeout: 60,
    onnotice: () => {},
    connection: { application_name: opts.name ?? "hire", ...opts.settings },
    transform: { undefined: null },
  });
}

/** Errors that mean the database cannot be reached right now (retry later), not a bug. */
export function isDbUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  return [
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "EHOSTUNREACH",
    "CONNECT_TIMEOUT",
    "CONNECTION_CLOSED",
    "CONNECTION_ENDED",
    "CONNECTION_DESTROYED",
    "57P01", // admin_shutdown
    "57P03", // cannot_connect_now
    "53300", // too_many_connections
  ].includes(code ?? "") || err.name === "ConnectionRefused";
}
