/**
 * Applies a batch of commands in one transaction: the jobs, the command results that make
 * redeliveries no-ops, the outbox of events, and the notification the edge waits for all
 * commit together or not at all.
 * @module
 */
import type { Sql } from "@hire/db";
import { COMMAND_RESULTS_CHANNEL, type JobCommand, type JobRow } from "@hire/jobs";
import { type OutboxMessage, writeOutbox } from "@hire/outbox";
import { type CommandResult, decide, type DecideContext } from "./decide.ts";

/** Raised when the edge fenced off a command between our read and our write; retry. */
export class FenceRace extends Error {
  constructor() {
    super("a command of the batch was settled concurrently");
    this.name = "FenceRace";
  }
}

const JOB_COLUMNS = [
  "id",
  "partner_id",
  "title",
  "description",
  "city",
  "employment_type",
  "salary_min",
  "salary_max",
  "currency",
  "status",
  "embedding_status",
  "match_ready",
  "created_at",
  "updated_at",
  "deleted_at",
  "content_version",
  "embedded_version",
  "first_ready_at",
  "embedding_attempts",
  "embedding_retry_at",
  "embedding_error",
] as const;

/**
 * Settles a command that cannot be applied (it failed alone, for a reason other than an
 * outage) as `failed`, so the edge answers at once and the partition moves on.
 */
export async function settleFailed(sql: Sql, command: JobCommand): Promise<void> {
  await sql`
    WITH settled AS (
      INSERT INTO command_results (command_id, job_id, outcome)
      VALUES (${command.command_id}, ${command.job_id}, 'failed')
      ON CONFLICT (command_id) DO NOTHING RETURNING command_id)
    SELECT pg_notify(${COMMAND_RESULTS_CHANNEL}, command_id || ' failed') FROM settled`;
}

/** Settles every command of the batch; returns how many took effect now. */
export async function applyBatch(
  sql: Sql,
  commands: JobCommand[],
  ctx: DecideContext & { eventsTopic: string; changedTopic: string },
): Promise<CommandResult[]> {
  if (commands.length === 0) return [];
  return await sql.begin(async (tx) => {
    const ids = commands.map((c) => c.command_id);
    const settled = new Set(
      (await tx<{ command_id: string }[]>`
        SELECT command_id FROM command_results WHERE command_id IN ${tx(ids)}`)
        .map((r) => r.command_id),
    );
    const todo = commands.filter((c) => !settled.has(c.command_id));
    if (todo.length === 0) return [];

    const jobIds = [...new Set(todo.map((c) => c.job_id))];
    const rows = await tx<JobRow[]>`SELECT * FROM jobs WHERE id IN ${tx(jobIds)} FOR UPDATE`;
    const state = new Map(rows.map((r) => [r.id, r]));
    const changed = new Set<string>();
    const results: CommandResult[] = [];
    const messages: OutboxMessage[] = [];
    for (const command of todo) {
      const d = decide(command, state.get(command.job_id), ctx);
      results.push(d.result);
      for (const e of d.events) {
        messages.push({ id: e.id, key: command.job_id, topic: ctx.eventsTopic, value: e });
      }
      for (const m of d.changes) {
        messages.push({ id: m.id, key: m.job_id, topic: ctx.changedTopic, value: m });
      }
      if (d.next) {
        state.set(command.job_id, d.next);
        changed.add(command.job_id);
      }
    }

    // The edge waits on these notifications; Postgres delivers them only at commit.
    const inserted = await tx`
      WITH settled AS (
        INSERT INTO command_results ${
      tx(results.map((r) => ({ ...r, errors: r.errors && tx.json(r.errors as never) })))
    }
        ON CONFLICT (command_id) DO NOTHING RETURNING command_id, outcome)
      SELECT pg_notify(${COMMAND_RESULTS_CHANNEL}, command_id || ' ' || outcome) FROM settled`;
    if (inserted.length !== results.length) throw new FenceRace();

    if (changed.size) {
      const jobs = [...changed].map((id) => state.get(id)!);
      await tx`
        INSERT INTO jobs ${tx(jobs, ...JOB_COLUMNS)}
        ON CONFLICT (id) DO UPDATE SET
          title = excluded.title, description = excluded.description, city = excluded.city,
          employment_type = excluded.employment_type, salary_min = excluded.salary_min,
          salary_max = excluded.salary_max, currency = excluded.currency, status = excluded.status,
          embedding_status = excluded.embedding_status, match_ready = excluded.match_ready,
          updated_at = excluded.updated_at, deleted_at = excluded.deleted_at,
          content_version = excluded.content_version,
          embedding_attempts = excluded.embedding_attempts,
          embedding_retry_at = excluded.embedding_retry_at,
          embedding_error = excluded.embedding_error`;
    }
    await writeOutbox(tx, messages);
    return results;
  });
}
