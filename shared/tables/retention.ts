/**
 * Every table's retention, in one list: which owner purges what has outlived its time.
 * `deno task purge` runs them all; each service runs those of the tables it owns on its
 * own timer.
 * @module
 */
import { intVar } from "@hire/config";
import type { Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import { purgePublishedOutbox } from "@hire/outbox";
import { purgeSettledCommands } from "./command_results.ts";
import { purgeConsoleSessions, purgeSignInTokens } from "./console_sessions.ts";
import { purgeDeliveryLog } from "./deliveries.ts";
import { purgeIdempotencyKeys } from "./idempotency_keys.ts";
import { purgeDeletedJobs } from "./jobs.ts";
import { purgeSentMail } from "./mail_outbox.ts";
import { purgeOrphanMatches } from "./matches.ts";
import { purgeWebhookEvents } from "./webhook_events.ts";

/** A table's purge of expired rows as of `now`; resolves with how many went. */
export interface Retention {
  table: string;
  purge(sql: Sql, now: Date): Promise<number>;
}

/**
 * The tables that expire rows, each with its owner's purge. In this order, a purge that
 * follows another's rows (matches after their jobs, events after their attempts) sees
 * them gone in the same run.
 */
export const retention: readonly Retention[] = [
  { table: "jobs", purge: purgeDeletedJobs },
  { table: "command_results", purge: purgeSettledCommands },
  { table: "outbox", purge: purgePublishedOutbox },
  { table: "idempotency_keys", purge: purgeIdempotencyKeys },
  { table: "matches", purge: purgeOrphanMatches },
  { table: "webhook_deliveries", purge: purgeDeliveryLog },
  { table: "webhook_events", purge: purgeWebhookEvents },
  { table: "mail_outbox", purge: purgeSentMail },
  { table: "console_sign_in_tokens", purge: purgeSignInTokens },
  { table: "console_sessions", purge: purgeConsoleSessions },
];

/**
 * Purges expired rows as of `now` (default: the current time), one table after another in
 * {@link retention}'s order: every table, or only those named in `tables`. Returns the
 * counts removed, by table.
 */
export async function purgeExpired(
  sql: Sql,
  opts: { now?: Date; tables?: readonly string[] } = {},
): Promise<Record<string, number>> {
  const now = opts.now ?? new Date();
  const counts: Record<string, number> = {};
  for (const r of retention) {
    if (opts.tables && !opts.tables.includes(r.table)) continue;
    counts[r.table] = await r.purge(sql, now);
  }
  return counts;
}

/** The variable of how often a service purges its tables (`PURGE_INTERVAL_MS`, hourly). */
export const retentionEnv = { PURGE_INTERVAL_MS: intVar(3_600_000) };

/**
 * Purges `tables` every `intervalMs`, so each service keeps the tables it owns trimmed; a
 * failed run is logged and tried again at the next tick.
 */
export function startRetention(
  deps: { sql: Sql; log: Logger },
  opts: { tables: readonly string[]; intervalMs: number },
): { stop(): void } {
  const timer = setInterval(() => {
    purgeExpired(deps.sql, { tables: opts.tables })
      .then((counts) => deps.log.info("purged expired rows", counts))
      .catch((err) => deps.log.warn("purge failed", { err }));
  }, opts.intervalMs);
  return { stop: () => clearInterval(timer) };
}
