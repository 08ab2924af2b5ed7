/**
 * `command_results`: the only code that writes it. One row per settled command makes a
 * redelivered command a no-op, and carries its outcome to the edge that waits for it
 * (`NOTIFY command_results`, delivered at commit). The job service settles what it
 * applied or could not apply; the edge fences a command it gave up on as `expired`, and
 * the first row written wins. Retention: 8 days after settling.
 * @module
 */
import { type ColumnTypes, type Sql, type Tx, unnestRows } from "@hire/db";
import type { FieldError } from "@hire/errors";
import { COMMAND_RESULTS_CHANNEL, type CommandOutcome } from "@hire/jobs";
import { daysBefore } from "./days_before.ts";

/** Commands older than Kafka's retention of jobs.commands cannot be redelivered. */
export const COMMAND_RESULT_RETENTION_DAYS = 8;

/** A command's result as stored. */
export interface SettledCommand {
  command_id: string;
  job_id: string;
  outcome: CommandOutcome["outcome"];
  errors: FieldError[] | null;
}

const SETTLED_COLUMNS: ColumnTypes<SettledCommand> = {
  command_id: "text",
  job_id: "text",
  outcome: "text",
  errors: "jsonb",
};

/** The commands among `ids` that are already settled. */
export async function settledCommandIds(tx: Tx, ids: string[]): Promise<Set<string>> {
  const rows = await tx<{ command_id: string }[]>`
    SELECT command_id FROM command_results WHERE command_id = ANY(${ids}::text[])`;
  return new Set(rows.map((r) => r.command_id));
}

/**
 * Settles commands and announces each (`<command id> <outcome>`); one settled meanwhile
 * (fenced by the edge) keeps its row. Returns how many were settled now.
 */
export async function settleCommands(tx: Tx, results: readonly SettledCommand[]): Promise<number> {
  if (results.length === 0) return 0;
  const inserted = await tx`
    WITH settled AS (
      INSERT INTO command_results ${unnestRows(tx, results, SETTLED_COLUMNS)}
      ON CONFLICT (command_id) DO NOTHING RETURNING command_id, outcome)
    SELECT pg_notify(${COMMAND_RESULTS_CHANNEL}, command_id || ' ' || outcome) FROM settled`;
  return inserted.length;
}

/** Settles a command as `failed` (unless already settled) and announces it. */
export async function settleFailedCommand(
  sql: Sql,
  command: { commandId: string; jobId: string },
): Promise<void> {
  await sql`
    WITH settled AS (
      INSERT INTO command_results (command_id, job_id, outcome)
      VALUES (${command.commandId}, ${command.jobId}, 'failed')
      ON CONFLICT (command_id) DO NOTHING RETURNING command_id)
    SELECT pg_notify(${COMMAND_RESULTS_CHANNEL}, command_id || ' failed') FROM settled`;
}

/**
 * Settles a command as `expired` unless it is settled already; true when this call did,
 * after which the command can never take effect.
 */
export async function fenceCommand(
  sql: Sql,
  command: { commandId: string; jobId: string },
): Promise<boolean> {
  const [won] = await sql`
    INSERT INTO command_results (command_id, job_id, outcome)
    VALUES (${command.commandId}, ${command.jobId}, 'expired')
    ON CONFLICT (command_id) DO NOTHING RETURNING 1`;
  return won !== undefined;
}

/** The outcome of a settled command; throws when it has none. */
export async function commandOutcome(sql: Sql, commandId: string): Promise<CommandOutcome> {
  const [row] = await sql<Pick<SettledCommand, "outcome" | "errors">[]>`
    SELECT outcome, errors FROM command_results WHERE command_id = ${commandId}`;
  if (!row) throw new Error(`command ${commandId} has no result`);
  return row.outcome === "rejected"
    ? { outcome: "rejected", errors: row.errors ?? [] }
    : { outcome: row.outcome } as CommandOutcome;
}

/** Deletes results settled more than 8 days before `now`; returns how many. */
export async function purgeSettledCommands(sql: Sql, now: Date): Promise<number> {
  const rows = await sql`
    DELETE FROM command_results
    WHERE settled_at < ${daysBefore(now, COMMAND_RESULT_RETENTION_DAYS)}`;
  return rows.count;
}
