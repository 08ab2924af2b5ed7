/**
 * What a command does to a job: a pure function of the command, the job as stored, and the
 * clock, so every rule of the lifecycle is tested without servers.
 * @module
 */
import type { FieldError } from "@hire/errors";
import {
  crossFieldErrors,
  EVENTFUL_FIELDS,
  type JobCommand,
  type JobEvent,
  type JobFields,
  type JobRow,
  newJobRow,
  serviceUrl,
  toPublicJob,
} from "@hire/jobs";

/** The record of a settled command. */
export interface CommandResult {
  command_id: string;
  job_id: string;
  outcome: "applied" | "not_found" | "rejected" | "expired" | "failed";
  errors: FieldError[] | null;
}

/** The effect of one command. */
export interface Decision {
  result: CommandResult;
  /** The job's new state, when it changes. */
  next?: JobRow;
  events: JobEvent[];
}

/** What a decision may depend on besides the command and the job. */
export interface DecideContext {
  now: Date;
  newEventId: () => string;
  publicBaseUrl: string;
}

const WRITABLE: readonly (keyof JobFields)[] = [
  "title",
  "description",
  "city",
  "employment_type",
  "salary_min",
  "salary_max",
  "currency",
  "status",
];

/** Decides the effect of `command` on `current` (undefined when no such job exists). */
export function decide(
  command: JobCommand,
  current: JobRow | undefined,
  ctx: DecideContext,
): Decision {
  const settle = (outcome: CommandResult["outcome"], errors: FieldError[] | null = null) => ({
    command_id: command.command_id,
    job_id: command.job_id,
    outcome,
    errors,
  });
  // The edge answered 503 at the deadline; applying now would contradict that answer.
  if (ctx.now.getTime() > Date.parse(command.deadline)) {
    return { result: settle("expired"), events: [] };
  }

  if (command.type === "job.create") {
    if (current) return { result: settle("applied"), events: [] };
    const next = newJobRow({
      jobId: command.job_id,
      partnerId: command.partner_id,
      fields: command.job,
      at: new Date(command.issued_at),
    });
    return { result: settle("applied"), next, events: [] };
  }

  // Another partner's job is indistinguishable from a missing one.
  if (!current || current.deleted_at || current.partner_id !== command.partner_id) {
    return { result: settle("not_found"), events: [] };
  }

  if (command.type === "job.delete") {
    const next = { ...current, deleted_at: ctx.now, updated_at: ctx.now };
    const event: JobEvent = {
      id: ctx.newEventId(),
      type: "job.deleted",
      created_at: ctx.now.toISOString(),
      partner_id: current.partner_id,
      data: {
        job_id: current.id,
        service_url: serviceUrl(ctx.publicBaseUrl, current.id),
        deleted_at: ctx.now.toISOString(),
      },
    };
    return { result: settle("applied"), next, events: [event] };
  }

  const merged: JobRow = { ...current, ...command.changes };
  const errors = crossFieldErrors(merged);
  if (errors.length) return { result: settle("rejected", errors), events: [] };

  const changed = WRITABLE.filter((f) => merged[f] !== current[f]);
  if (changed.length === 0) return { result: settle("applied"), events: [] };
  const next = { ...merged, updated_at: ctx.now };
  const events: JobEvent[] = [];
  if (changed.some((f) => (EVENTFUL_FIELDS as readonly string[]).includes(f))) {
    events.push({
      id: ctx.newEventId(),
      type: "job.updated",
      created_at: ctx.now.toISOString(),
      partner_id: current.partner_id,
      data: {
        job: toPublicJob(next, ctx.publicBaseUrl),
        changed_fields: changed,
        previous_attributes: Object.fromEntries(changed.map((f) => [f, current[f]])),
      },
    });
  }
  return { result: settle("applied"), next, events };
}
