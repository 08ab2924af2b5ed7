/**
 * The job service's worker: consumes jobs.commands and produces the public events and the
 * job-changed messages (through the outbox). Commands of one job share a partition and
 * are applied in order; partitions are processed concurrently. A database outage or a
 * race with the edge's fence holds the partition's work and retries it in place.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { decodeJobCommand, type JobCommand } from "@hire/jobs";
import type { Logger } from "@hire/log";
import {
  combiner,
  consume,
  defineWorker,
  type HandlerContext,
  type SetAsideReason,
} from "@hire/queue";
import { applyBatch, FenceRace, settleFailed } from "./apply_batch.ts";
import type { JobConfig } from "./config.ts";

/** A command as consumed, with the way to set its message aside. */
export interface ReceivedCommand {
  command: JobCommand;
  setAside: (why: SetAsideReason) => void;
}

/** How commands are applied. */
export interface CommandAppliers {
  /** Applies commands; calls from concurrent partitions may share one transaction. */
  apply: (commands: ReceivedCommand[]) => Promise<void>;
  /** Applies commands in a transaction of their own. */
  applyAlone: (commands: ReceivedCommand[]) => Promise<void>;
  /** Settles a command that cannot be applied as failed. */
  settleFailed: (command: JobCommand) => Promise<void>;
  log: Logger;
}

/** The worker of jobs.commands. */
export function jobWorker(cfg: JobConfig, deps: { sql: Sql; log: Logger }) {
  const applyAlone = async (received: ReceivedCommand[]) => {
    const settled = await applyBatch(deps.sql, received.map((r) => r.command), {
      now: new Date(),
      newEventId: () => newId("evt"),
      siteBaseUrl: cfg.SITE_BASE_URL,
      eventsTopic: cfg.TOPIC_JOBS_EVENTS,
      changedTopic: cfg.TOPIC_JOBS_CHANGED,
    });
    // Told once the settlement committed, so a retried transaction counts nothing twice.
    const byId = new Map(received.map((r) => [r.command.command_id, r]));
    for (const s of settled) if (s.setAside) byId.get(s.result.command_id)?.setAside(s.setAside);
  };
  const appliers: CommandAppliers = {
    // Batches of different partitions concern different jobs, so one transaction can
    // take all that arrive together: far fewer commits under load.
    apply: combiner(applyAlone, { maxItems: 2000 }),
    applyAlone,
    settleFailed: (command) => settleFailed(deps.sql, command),
    log: deps.log,
  };
  return defineWorker({
    name: "job",
    group: cfg.JOB_GROUP_ID,
    consumes: [consume({
      topic: cfg.TOPIC_JOBS_COMMANDS,
      decode: decodeJobCommand,
      handle: (messages, ctx) =>
        applyOrIsolate(
          messages.map((m) => ({ command: m.value, setAside: (why) => ctx.setAside(m, why) })),
          appliers,
          ctx,
        ),
    })],
    produces: [cfg.TOPIC_JOBS_EVENTS, cfg.TOPIC_JOBS_CHANGED],
    chunkSize: 500,
    concurrency: cfg.JOB_CONCURRENCY,
    // A fence race or an outage is cured by waiting; anything else may be a bad command.
    retriable: (err) => err instanceof FenceRace || isDbUnavailable(err),
  });
}

/**
 * Applies a chunk; if that fails for a reason other than an outage, a command in it (or in
 * a chunk it was combined with) trips a bug. Applying one at a time finds it; it is logged
 * and settled as failed, and every other command still takes effect, in order.
 */
export async function applyOrIsolate(
  commands: ReceivedCommand[],
  appliers: CommandAppliers,
  ctx: Pick<HandlerContext, "retry" | "isRunning">,
): Promise<void> {
  try {
    return await ctx.retry(() => appliers.apply(commands));
  } catch (err) {
    if (!ctx.isRunning()) throw err;
    appliers.log.warn("command batch failed; applying its commands one by one", { err });
  }
  for (const command of commands) {
    try {
      await ctx.retry(() => appliers.applyAlone([command]));
    } catch (err) {
      if (!ctx.isRunning()) throw err;
      appliers.log.error("command cannot be applied; settled as failed", {
        err,
        command: command.command,
      });
      await ctx.retry(() => appliers.settleFailed(command.command));
    }
  }
}
