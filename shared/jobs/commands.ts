/**
 * Contract of topic `jobs.commands`: what the edge asks the job service to do.
 * Key: the job id, so every command of one job lands on one partition and is applied in
 * order. Each command has its own id, which the job service records with its effect so a
 * redelivery changes nothing.
 * @module
 */
import type { FieldError } from "@hire/errors";
import { z } from "zod";
import { publicJobSchema } from "./events.ts";

const create = publicJobSchema.pick({
  title: true,
  description: true,
  city: true,
  employment_type: true,
  salary_min: true,
  salary_max: true,
  currency: true,
});

const base = {
  command_id: z.string(),
  job_id: z.string(),
  partner_id: z.string(),
  /** When the edge accepted the request; a create uses it as the job's created_at. */
  issued_at: z.iso.datetime(),
  /** After this instant the edge has answered 503 and the command must not take effect. */
  deadline: z.iso.datetime(),
};

/** One command on `jobs.commands`. */
export const jobCommandSchema = z.discriminatedUnion("type", [
  z.object({ ...base, type: z.literal("job.create"), job: create }),
  z.object({
    ...base,
    type: z.literal("job.update"),
    changes: create.partial().extend({ status: publicJobSchema.shape.status.optional() }),
  }),
  z.object({ ...base, type: z.literal("job.delete") }),
]);

/** A decoded command. */
export type JobCommand = z.infer<typeof jobCommandSchema>;

/** The Kafka message for a command: keyed by job id. */
export function encodeJobCommand(command: JobCommand): { key: string; value: string } {
  return { key: command.job_id, value: JSON.stringify(command) };
}

/** Parses a message value; throws a ZodError or SyntaxError on a malformed one. */
export function decodeJobCommand(value: string | Uint8Array): JobCommand {
  const text = typeof value === "string" ? value : new TextDecoder().decode(value);
  return jobCommandSchema.parse(JSON.parse(text));
}

/** Postgres channel on which the job service announces settled commands: `<id> <outcome>`. */
export const COMMAND_RESULTS_CHANNEL = "command_results";

/** How a command ended, as recorded by the job service and read by the edge. */
export type CommandOutcome =
  | { outcome: "applied" }
  | { outcome: "not_found" }
  | { outcome: "rejected"; errors: FieldError[] }
  | { outcome: "expired" }
  /** The job service could not apply it (a fault, logged); nothing changed. */
  | { outcome: "failed" };
