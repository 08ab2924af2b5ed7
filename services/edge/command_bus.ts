/**
 * Sends a command to the job service and waits until it is settled, so that a 2xx means
 * the change is durable and readable. The job service announces each settled command on
 * a Postgres channel; if no answer comes in time (or Kafka refused the command) the edge
 * fences the command off by settling it as `expired` itself: whichever of the two writes
 * the command's result row first wins, so a late apply can never follow a 503.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import {
  COMMAND_RESULTS_CHANNEL,
  type CommandOutcome,
  encodeJobCommand,
  type JobCommand,
} from "@hire/jobs";
import type { Publisher } from "@hire/queue";
import type { Logger } from "@hire/log";
import { commandOutcome, fenceCommand } from "@hire/tables";
import { ApiError } from "./problem.ts";

/** Publishes commands and resolves with their outcome. */
export interface CommandBus {
  /** Resolves with the outcome; throws ApiError `partner.unavailable` when it is unknown. */
  send(command: JobCommand): Promise<CommandOutcome>;
  /**
   * Sends commands in one produce call and resolves with each one's outcome, in order.
   * Nothing is thrown for one command: an unknown outcome is fenced off as `expired`, a
   * fault in the job service is `failed`, so the caller answers for each separately.
   */
  sendAll(commands: readonly JobCommand[]): Promise<CommandOutcome[]>;
  /**
   * Settles a command sent earlier by a request that did not finish: its outcome if the
   * job service applied it, otherwise `expired`, after which it can never take effect.
   */
  settle(commandId: string, jobId: string): Promise<CommandOutcome>;
  close(): Promise<void>;
}

type Outcome = CommandOutcome["outcome"];

/** Starts listening for settled commands; the bus is ready when this resolves. */
export async function createCommandBus(deps: {
  sql: Sql;
  publisher: Publisher;
  topic: string;
  timeoutMs: number;
  log: Logger;
}): Promise<CommandBus> {
  const waiters = new Map<string, (o: Outcome) => void>();
  const sub = await deps.sql.listen(COMMAND_RESULTS_CHANNEL, (payload) => {
    const [id, outcome] = payload.split(" ");
    if (id) waiters.get(id)?.(outcome as Outcome);
  });

  const unavailable = () => new ApiError("partner.unavailable");
  // A fault in the job service (logged there with the command): an opaque 500 here.
  const failed = (command: JobCommand) =>
    new Error(`command ${command.command_id} failed in the job service`);

  // Settles the command as expired unless the job service got there first.
  const fence = async (commandId: string, jobId: string): Promise<CommandOutcome> => {
    try {
      if (await fenceCommand(deps.sql, { commandId, jobId })) return { outcome: "expired" };
      return await commandOutcome(deps.sql, commandId);
    } catch (err) {
      if (!isDbUnavailable(err)) throw err;
      // The job service cannot apply without the database either, and refuses the
      // command once its deadline has passed, so nothing happens later.
      return { outcome: "expired" };
    }
  };

  const sendAll = async (commands: readonly JobCommand[]): Promise<CommandOutcome[]> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), deps.timeoutMs);
    });
    const settled = commands.map((command) =>
      new Promise<Outcome>((resolve) => waiters.set(command.command_id, resolve))
    );
    try {
      try {
        await deps.publisher.send({ topic: deps.topic, messages: commands.map(encodeJobCommand) });
      } catch (err) {
        deps.log.warn("commands not published", {
          err,
          command_ids: commands.map((c) => c.command_id),
        });
        return await Promise.all(commands.map((c) => fence(c.command_id, c.job_id)));
      }
      return await Promise.all(commands.map(async (command, i) => {
        const outcome = await Promise.race([settled[i]!, deadline]);
        if (outcome === "applied" || outcome === "not_found") return { outcome };
        return outcome === "timeout"
          ? await fence(command.command_id, command.job_id)
          : await commandOutcome(deps.sql, command.command_id);
      }));
    } finally {
      clearTimeout(timer);
      for (const command of commands) waiters.delete(command.command_id);
    }
  };

  return {
    async send(command) {
      const [outcome] = await sendAll([command]);
      // Only outcomes a caller can act on leave here; the rest become errors.
      if (outcome!.outcome === "expired") throw unavailable();
      if (outcome!.outcome === "failed") throw failed(command);
      return outcome!;
    },
    sendAll,
    settle: fence,
    async close() {
      await sub.unlisten();
    },
  };
}
