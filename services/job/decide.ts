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
  jobOfOtherPartner,
  type JobRow,
  newJobRow,
  serviceUrl,
  toPublicJob,
} from "@hire/jobs";
import type { ChangeReason, JobChanged } from "@hire/pipeline";
import type { SetAsideReason } from "@hire/queue";

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
  /** Public events for partners and the data team. */
  events: JobEvent[];
  /** What the embedding pipeline must look at again. */
  changes: JobChanged[];
  /** Why the command was set aside, when what it names does not belong together. */
  setAside?: SetAsideReason;
}

/** What a decision may depend on besides the command and the job. */
export interface DecideContext {
  now: Date;
  newEventId: () => string;
  siteBaseUrl: string;
  /** Whether a partner exists. */
  isPartner: (partnerId: string) => boolean;
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
/** Fields the job's vector is made from. */
const CONTENT: readonly (keyof JobFields)[] = ["title", "description"];
/** Fields the match graph filters on. */
const PAYLOAD: readonly (keyof JobFields)[] = ["city", "employment_type"];

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
  const nothing = (outcome: CommandResult["outcome"], errors: FieldError[] | null = null) => ({
    result: settle(outcome, errors),
    events: [],
    changes: [],
  });
  const changedMessage = (job: JobRow, reasons: ChangeReason[]): JobChanged => ({
    id: ctx.newEventId(),
    type: "job.changed",
    job_id: job.id,
    partner_id: job.partner_id,
    content_version: job.content_version,
    reasons,
    at: ctx.now.toISOString(),
  });

  // The edge names its own partner and, for a create, a new job; anything else is forged,
  // a bug, or a partner naming another partner's job id. It is set aside without effect
  // and settled as not_found: an edge waiting for it answers 404, as for a missing job.
  const mismatch = ctx.isPartner(command.partner_id)
    ? jobOfOtherPartner(command, current?.partner_id)
    : {
      reason: "unknown_partner",
      ids: { job_id: command.job_id, partner_id: command.partner_id },
    };
  if (mismatch) {
    const ids = { command_id: command.command_id, ...mismatch.ids };
    return { ...nothing("not_found"), setAside: { reason: mismatch.reason, ids } };
  }

  // The edge answered 503 at the deadline; applying now would contradict that answer.
  if (ctx.now.getTime() > Date.parse(command.deadline)) return nothing("expired");

  if (command.type === "job.create") {
    // A replay: the job exists, and (checked above) is this partner's.
    if (current) return nothing("applied");
    const next = newJobRow({
      jobId: command.job_id,
      partnerId: command.partner_id,
      fields: command.job,
      at: new Date(command.issued_at),
    });
    return {
      result: settle("applied"),
      next,
      events: [],
      changes: [changedMessage(next, ["created"])],
    };
  }

  if (!current || current.deleted_at) return nothing("not_found");

  if (command.type === "job.delete") {
    const next = { ...current, deleted_at: ctx.now, updated_at: ctx.now, match_ready: false };
    const event: JobEvent = {
      id: ctx.newEventId(),
      type: "job.deleted",
      created_at: ctx.now.toISOString(),
      partner_id: current.partner_id,
      data: {
        job_id: current.id,
        service_url: serviceUrl(ctx.siteBaseUrl, current.id),
        deleted_at: ctx.now.toISOString(),
      },
    };
    return {
      result: settle("applied"),
      next,
      events: [event],
      changes: [changedMessage(next, ["deleted"])],
    };
  }

  const merged: JobRow = { ...current, ...command.changes };
  const errors = crossFieldErrors(merged);
  if (errors.length) return nothing("rejected", errors);

  const changed = WRITABLE.filter((f) => merged[f] !== current[f]);
  if (changed.length === 0) return nothing("applied");
  const next: JobRow = { ...merged, updated_at: ctx.now };
  const reasons: ChangeReason[] = [];
  if (changed.some((f) => CONTENT.includes(f))) {
    // A new text to embed: the previous vector keeps serving (match_ready stays as it
    // was) while the pipeline re-runs, with fresh attempts.
    Object.assign(next, {
      content_version: current.content_version + 1,
      embedding_status: "processing",
      embedding_attempts: 0,
      embedding_error: null,
    });
    reasons.push("content");
  }
  if (changed.includes("status")) {
    // Only active jobs are in the match graph; a reactivated job is back at once if it
    // has a vector.
    next.match_ready = next.status === "active" && current.embedded_version > 0;
    reasons.push("status");
  }
  if (changed.some((f) => PAYLOAD.includes(f))) reasons.push("payload");

  const events: JobEvent[] = [];
  if (changed.some((f) => (EVENTFUL_FIELDS as readonly string[]).includes(f))) {
    events.push({
      id: ctx.newEventId(),
      type: "job.updated",
      created_at: ctx.now.toISOString(),
      partner_id: current.partner_id,
      data: {
        job: toPublicJob(next, ctx.siteBaseUrl),
        changed_fields: changed,
        previous_attributes: Object.fromEntries(changed.map((f) => [f, current[f]])),
      },
    });
  }
  return {
    result: settle("applied"),
    next,
    events,
    changes: reasons.length ? [changedMessage(next, reasons)] : [],
  };
}
