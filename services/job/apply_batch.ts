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
  existingPartnerIds,
  lockJobs,
  saveJobs,
  settleCommands,
  settledCommandIds,
  settleFailedCommand,
} from "@hire/tables";
import { decide, type DecideContext, type Decision } from "./decide.ts";

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

/** A command settled now: its result, and why it was set aside if it was. */
export type Settled = Pick<Decision, "result" | "setAside">;

/** Settles every command of the batch not settled before; returns them as settled now. */
export async function applyBatch(
  sql: Sql,
  commands: JobCommand[],
  ctx: Omit<DecideContext, "isPartner"> & { eventsTopic: string; changedTopic: string },
): Promise<Settled[]> {
  if (commands.length === 0) return [];
  return await sql.begin(async (tx) => {
    // The three reads go out together (one round trip): the jobs of commands found settled
    // are locked too, which costs nothing, as a redelivery's job is rarely busy.
    const [settled, locked, partners] = await Promise.all([
      settledCommandIds(tx, commands.map((c) => c.command_id)),
      lockJobs(tx, [...new Set(commands.map((c) => c.job_id))]),
      existingPartnerIds(tx, commands.map((c) => c.partner_id)),
    ]);
    // A command id twice in one batch (a producer's retry, or a forgery) is one command: the
    // first copy is applied, the others are redeliveries. Settling both would insert one
    // result for two, which reads as a fence race and would be retried for ever.
    const todo = commands.filter((c) => !settled.has(c.command_id) && settled.add(c.command_id));
    if (todo.length === 0) return [];

    const state = new Map(locked.map((r) => [r.id, r]));
    const decideCtx = { ...ctx, isPartner: (id: string) => partners.has(id) };
    const changed = new Set<string>();
    const results: Settled[] = [];
    const messages: OutboxMessage[] = [];
    for (const command of todo) {
      const d = decide(command, state.get(command.job_id), decideCtx);
      results.push({ result: d.result, setAside: d.setAside });
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

    // The writes go out together too; a fence race found by the first rolls back the rest.
    // The edge waits on the notifications settling sends; Postgres delivers them at commit.
    const [settledNow] = await Promise.all([
      settleCommands(tx, results.map((r) => r.result)),
      changed.size ? saveJobs(tx, [...changed].map((id) => state.get(id)!)) : undefined,
      writeOutbox(tx, messages),
    ]);
    if (settledNow !== results.length) throw new FenceRace();
    return results;
  });
}
