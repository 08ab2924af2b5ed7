/**
 * The Postgres client every service uses, with the settings that matter for this system.
 * @module
 */
import { databaseTarget } from "@hire/config";
import postgres from "postgres";
import { arrayLiteral } from "./array_literal.ts";

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
  /** Application name shown in pg_stat_activity: a service's kind (`ServiceKind`). */
  name?: string;
  /** Server settings for every connection of the pool, e.g. `plan_cache_mode`. */
  settings?: Record<string, string>;
}

/**
 * Server settings for the pools of the services that consume Kafka (job, embedding, matching,
 * delivery; {@link connectConsumer}), whose statements look rows up by keys, write batches and
 * claim queues: plans that do not turn on the values given. Postgres plans a prepared
 * statement afresh on every call while a plan for the values given looks cheaper than one for
 * any values, and a lookup by `= ANY($1)` always does (a plan for any array assumes ten
 * elements): planning was 28% of the job service's statement time, 41% of embedding's, 72% of
 * delivery's (bench/results/generic-plans.md). A generic plan is made once a connection and made again
 * when an ANALYZE changes the statistics it was made from (shared/tables/README.md: on a
 * server without autovacuum a plan made while a table was empty stays). The edge, the site and
 * the console, whose searches and listings do turn on their values, keep Postgres's choice.
 */
const CONSUMER_SETTINGS: Readonly<Record<string, string>> = {
  plan_cache_mode: "force_generic_plan",
};

// The array types of the built-in element types a parameter here may hold (bool, int2, int4,
// int8, float4, float8, numeric, text, varchar, timestamptz): their OIDs are fixed by Postgres.
const BUILT_IN_ARRAY_TYPES = [1000, 1005, 1007, 1016, 1021, 1022, 1231, 1009, 1015, 1185];

const arrayParameter = (value: unknown) => Array.isArray(value) ? arrayLiteral(value) : value;

/**
 * Opens a pool, over TCP or over the Unix socket the URL's `host` parameter names (libpq's
 * form, `@hire/config`'s `databaseTarget`). Timestamps come back as Date; bigint columns as
 * strings. A JS array parameter goes as an array from the first statement: postgres.js learns
 * the server's array types by a query on each new connection, and a statement pipelined behind
 * that query on the pool's first one was sent before they were known, its array as the
 * elements joined by commas ("malformed array literal", seen in about one test run in six on
 * fresh pools). postgres.js replaces these serializers with its own once it has read the types.
 */
export function connect(url: string, opts: ConnectOptions = {}): Sql {
  const { url: serverUrl, socketDir } = databaseTarget(url);
  const sql = postgres(serverUrl, {
    ...(socketDir && { host: socketDir }),
    max: opts.max ?? 10,
    connect_timeout: opts.connectTimeout ?? 5,
    idle_timeout: 60,
    onnotice: () => {},
    connection: { application_name: opts.name ?? "hire", ...opts.settings },
    transform: { undefined: null },
  });
  for (const oid of BUILT_IN_ARRAY_TYPES) sql.options.serializers[oid] ??= arrayParameter;
  return sql;
}

/**
 * Opens the pool of a service that consumes Kafka: {@link connect}'s, with the consumers'
 * server settings on every connection.
 */
export function connectConsumer(url: string, opts: ConnectOptions = {}): Sql {
  return connect(url, { ...opts, settings: { ...CONSUMER_SETTINGS, ...opts.settings } });
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
