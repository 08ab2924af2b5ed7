/**
 * Creating jobs, one or a hundred, the same way: Idempotency-Key claim, monthly quota,
 * commands to the job service, and an outcome per item. A single create is a batch of one,
 * so a bulk item behaves exactly as a single create does.
 * @module
 */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { type JobCreate, newJobRow, type PublicJob, toPublicJob } from "@hire/jobs";
import type { Context } from "hono";
import type { CommandBus } from "./command_bus.ts";
import type { EdgeEnv } from "./env.ts";
import {
  type IdempotencyStore,
  type PlannedCommand,
  requestFingerprint,
  type StoredResponse,
} from "./idempotency.ts";
import { commandEnvelope } from "./job_commands.ts";
import type { JobCache } from "./job_cache.ts";
import { findJob } from "./jobs_store.ts";
import { quotaExceeded, takeJobQuota } from "./limits/job_quota.ts";
import type { ReserveJobs } from "./limits/quota_reservations.ts";
import type { RequestCounter } from "./limits/request_leases.ts";
import { ApiError } from "./problem.ts";

/** What creating jobs needs. */
export interface CreationDeps {
  sql: Sql;
  jobCache: JobCache;
  bus: CommandBus;
  idempotency: IdempotencyStore;
  siteBaseUrl: string;
  commandTimeoutMs: number;
  /** Told of each reservation, so later requests report the month's usage as it is now. */
  counter: RequestCounter;
  /** Reserves monthly quota (concurrent reservations combined). */
  reserveJobs: ReserveJobs;
}

/** A valid item with the ids its create command will carry. */
export interface PlannedJob extends PlannedCommand {
  job: JobCreate;
}

/** How one item ended. */
export type ItemOutcome =
  | { index: number; created: PublicJob }
  | { index: number; error: ApiError };

/** Gives each valid item (with its index in the request) a command id and a job id. */
export function planJobs(items: readonly { index: number; job: JobCreate }[]): PlannedJob[] {
  return items.map((item) => ({ ...item, commandId: newId("cmd"), jobId: newId("job") }));
}

const ITEM_ERRORS = {
  expired: () => new ApiError("partner.unavailable"),
  failed: () => new ApiError("partner.internal_error"),
  not_found: () => new ApiError("partner.internal_error"),
};

/**
 * Creates as many planned jobs as the month's quota allows, in index order; the rest get
 * `partner.quota_exceeded`. Throws that error instead when no job fits at all. Quota of an
 * item that was not created is given back.
 */
export async function createPlanned(
  c: Context<EdgeEnv>,
  deps: CreationDeps,
  planned: readonly PlannedJob[],
): Promise<ItemOutcome[]> {
  if (planned.length === 0) return [];
  const { partnerId } = c.get("partner");
  const quota = await takeJobQuota(c, deps, planned.length);
  const sent = planned.slice(0, quota.granted);
  const commands = sent.map((p) => ({
    ...commandEnvelope("job.create", { ...p, partnerId }, deps.commandTimeoutMs),
    job: p.job,
  }));
  const outcomes = await deps.bus.sendAll(commands);
  const results = sent.map((p, i): ItemOutcome => {
    const o = outcomes[i]!;
    if (o.outcome === "applied") {
      const row = newJobRow({
        jobId: p.jobId,
        partnerId,
        fields: p.job,
        at: new Date(commands[i]!.issued_at),
      });
      return { index: p.index, created: toPublicJob(row, deps.siteBaseUrl) };
    }
    if (o.outcome === "rejected") {
      return {
        index: p.index,
        error: new ApiError("partner.validation_failed", { errors: o.errors }),
      };
    }
    return { index: p.index, error: ITEM_ERRORS[o.outcome]() };
  });
  await quota.release(results.filter((r) => "error" in r).length);
  const refused = planned.slice(quota.granted);
  // An error captures a stack trace: built only when an item was refused.
  if (refused.length === 0) return results;
  const error = quotaExceeded(c.get("limits"));
  return [...results, ...refused.map((p) => ({ index: p.index, error }))];
}

/** How a request's answer came about. */
export interface Answer {
  response: StoredResponse;
  /** True when the answer is a replay of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * Runs `answer` under the request's Idempotency-Key, if any: a repeat replays the stored
 * answer; a takeover of a crashed request first settles its commands, and the jobs they
 * created count as created by this request (`answer` gets them as `earlier`, and only the
 * other items as `planned`). A thrown error releases the key so a retry can proceed.
 */
export async function idempotently(
  c: Context<EdgeEnv>,
  deps: CreationDeps,
  request: { key: string | undefined; path: string; raw: unknown; planned: PlannedJob[] },
  answer: (planned: PlannedJob[], earlier: ItemOutcome[]) => Promise<StoredResponse>,
): Promise<Answer> {
  const { key, planned } = request;
  if (!key) return { response: await answer(planned, []), replayed: false };
  const { partnerId } = c.get("partner");
  const claim = await deps.idempotency.claim(partnerId, key, {
    fingerprint: await requestFingerprint("POST", request.path, request.raw),
    commands: planned,
  });
  if (claim.kind === "replay") return { response: claim.response, replayed: true };
  let earlier: ItemOutcome[] = [];
  try {
    if (claim.kind === "takeover") {
      earlier = await settleEarlier(deps, partnerId, claim.previous);
      // The claim keeps naming the jobs already made, should this request die as well.
      const made = new Set(earlier.map((e) => e.index));
      await deps.idempotency.recordCommands(partnerId, key, [
        ...claim.previous.filter((p) => made.has(p.index)),
        ...planned.filter((p) => !made.has(p.index)),
      ]);
    }
    const done = new Set(earlier.map((e) => e.index));
    const response = await answer(planned.filter((p) => !done.has(p.index)), earlier);
    await deps.idempotency.complete(partnerId, key, response);
    return { response, replayed: false };
  } catch (err) {
    // Jobs made under the key must stay bound to it: the next try takes the claim over.
    const keep = earlier.length > 0 ? deps.idempotency.abandon : deps.idempotency.release;
    await keep(partnerId, key).catch(() => {});
    throw err;
  }
}

/** The jobs a crashed request's commands created; the rest can never take effect now. */
async function settleEarlier(
  deps: CreationDeps,
  partnerId: string,
  previous: readonly PlannedCommand[],
): Promise<ItemOutcome[]> {
  const settled = await Promise.all(previous.map(async (p) => {
    const result = await deps.bus.settle(p.commandId, p.jobId);
    if (result.outcome !== "applied") return undefined;
    const job = await findJob(deps, partnerId, p.jobId);
    return job && { index: p.index, created: toPublicJob(job.row, deps.siteBaseUrl) };
  }));
  return settled.filter((s) => s !== undefined);
}
