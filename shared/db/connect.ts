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

/**
 * Codes of errors that mean the database cannot be reached right now (retry later), not a bug:
 * the socket's, postgres.js's own, the stream layer's when a query is written to a connection
 * already closed under it, and the server's refusals of a session.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ENOTCONN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ERR_STREAM_DESTROYED",
  "ERR_STREAM_WRITE_AFTER_END",
  "ERR_SOCKET_CLOSED",
  "57P01", // admin_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

/** Errors that mean the database cannot be reached right now (retry later), not a bug. */
export function isDbUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  return UNAVAILABLE_CODES.has(code ?? "") ||
    ["ConnectionRefused", "ConnectionReset", "ConnectionAborted", "BrokenPipe", "NotConnected"]
      .includes(err.name);
}
