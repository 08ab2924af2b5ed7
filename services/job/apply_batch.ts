/**
 * Applies a batch of commands in one transaction: the jobs, the command results that make
 * redeliveries no-ops, the outbox of events, and the notification the edge waits for all
 * commit together or not at all.
 * @module
 */
import type { Sql } from "@hire/db";
import type { JobCommand } from "@hire/jobs";
import { type OutboxMessage, writeOutbox } from "@hire/outbox";
import {
  lockJobs,
  saveJobs,
  settleCommands,
  settledCommandIds,
  settleFailedCommand,
} from "@hire/tables";
import { type CommandResult, decide, type DecideContext } from "./decide.ts";

/** Raised when the edge fenced off a command between our read and our write; retry. */
export class FenceRace extends Error {
  constructor() {
    super("a command of the batch was settled concurrently");
    this.name = "FenceRace";
  }
}

/**
 * Settles a command that cannot be applied (it failed alone, for a reason other than an
 * outage) as `failed`, so the edge answers at once and the partition moves on.
 */
export async function settleFailed(sql: Sql, command: JobCommand): Promise<void> {
  await settleFailedCommand(sql, { commandId: command.command_id, jobId: command.job_id });
}

/** Settles every command of the batch; returns how many took effect now. */
export async function applyBatch(
  sql: Sql,
  commands: JobCommand[],
  ctx: DecideContext & { eventsTopic: string; changedTopic: string },
): Promise<CommandResult[]> {
  if (commands.length === 0) return [];
  return await sql.begin(async (tx) => {
    const settled = await settledCommandIds(tx, commands.map((c) => c.command_id));
    const todo = commands.filter((c) => !settled.has(c.command_id));
    if (todo.length === 0) return [];

    const jobIds = [...new Set(todo.map((c) => c.job_id))];
    const state = new Map((await lockJobs(tx, jobIds)).map((r) => [r.id, r]));
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
    if (await settleCommands(tx, results) !== results.length) throw new FenceRace();
    if (changed.size) await saveJobs(tx, [...changed].map((id) => state.get(id)!));
    await writeOutbox(tx, messages);
    return results;
  });
}
