/**
 * The exactly-once checker: what the clients were told (the ledger) against what the
 * system holds afterwards (rows, the events on `jobs.events.v1`, what the webhook received).
 * It asserts what docs/api.md and docs/data-team.md promise, no more: a create or PATCH
 * answered 2xx took effect exactly once and one refused never did; each job has exactly
 * one `job.created` id, one `job.updated` id per applied PATCH, in the PATCHes' order, and
 * one `job.matched` id per seeker; every job is embedded and match-ready; every event
 * reached the webhook. Copies of an event id, on the topic or at the webhook, are allowed
 * (delivery is at least once, deduplicated by id) and counted. Pure.
 * @module
 */
import type { Ledger, PatchOp } from "./ledger.ts";

/** A job row as stored. */
export interface ObservedJob {
  id: string;
  /** The token of the create that made it (from its description). */
  token?: string;
  title: string;
  embeddingStatus: string;
  matchReady: boolean;
}

/** An event as read from `jobs.events.v1`, in the topic's order for each job. */
export interface ObservedEvent {
  id: string;
  type: string;
  jobId: string;
  /** Of a `job.matched`. */
  seekerId?: string;
  /** `data.job.title` of a `job.created` or `job.updated`. */
  title?: string;
  createdAt: string;
}

/** One request the webhook receiver got. */
export interface ObservedDelivery {
  eventId: string;
  receivedAt: number;
}

/** What the system holds once quiet. */
export interface Observed {
  jobs: ObservedJob[];
  events: ObservedEvent[];
  deliveries: ObservedDelivery[];
}

/** A broken promise, by rule. */
export interface Violation {
  rule: string;
  detail: string;
}

/** Duplicates seen at each layer. */
export interface Duplicates {
  /** Acknowledged creates whose 2xx was a replay of the key's first answer (absorbed). */
  api_replays: number;
  /** Rows beyond the first made by one create (each a violation). */
  database: number;
  /** Copies of an event id on `jobs.events.v1` beyond the first (allowed, at least once). */
  kafka: number;
  /** Deliveries of an event id beyond the first (allowed, at least once). */
  webhook: number;
}

/** The checker's verdict on one scenario. */
export interface CheckResult {
  violations: Violation[];
  duplicates: Duplicates;
  /** Jobs acknowledged, distinct events of them, and of those delivered. */
  jobs: number;
  events: number;
  delivered: number;
}

const countBy = <T>(items: readonly T[], key: (t: T) => string): Map<string, number> => {
  const m = new Map<string, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return m;
};

/** Each event id once, at its first position on the topic. */
function firstCopies(events: readonly ObservedEvent[]): ObservedEvent[] {
  const seen = new Set<string>();
  return events.filter((e) => !seen.has(e.id) && seen.add(e.id));
}

/** Checks one scenario's part of the ledger against what the system holds. */
export function checkScenario(ledger: Ledger, observed: Observed): CheckResult {
  const violations: Violation[] = [];
  const fail = (rule: string, detail: string) => violations.push({ rule, detail });

  const rowsByToken = new Map<string, ObservedJob[]>();
  for (const job of observed.jobs) {
    if (job.token) rowsByToken.set(job.token, [...rowsByToken.get(job.token) ?? [], job]);
  }
  let extraRows = 0;
  const jobIds = new Set<string>();
  for (const c of ledger.creates) {
    const rows = rowsByToken.get(c.token) ?? [];
    rows.forEach((r) => jobIds.add(r.id));
    if (rows.length > 1) {
      extraRows += rows.length - 1;
      fail("create_duplicated", `${c.token} (key ${c.key}) made ${rows.length} jobs`);
    }
    if (c.outcome === "refused" && rows.length) {
      fail("refused_create_applied", `${c.token} was answered ${c.finalStatus} but made a job`);
    }
    for (const r of rows) {
      if (r.embeddingStatus !== "ready" || !r.matchReady) {
        fail(
          "job_not_ready",
          `${r.id}: embedding_status ${r.embeddingStatus}, match_ready ${r.matchReady}`,
        );
      }
    }
    if (c.outcome !== "acked") continue;
    jobIds.add(c.jobId!);
    if (!rows.length) fail("create_lost", `${c.token} was answered ${c.jobId}; no such job`);
    else if (!rows.some((r) => r.id === c.jobId)) {
      fail("create_id_mismatch", `${c.token} was answered ${c.jobId}, stored as ${rows[0]!.id}`);
    }
  }

  const scoped = observed.events.filter((e) => jobIds.has(e.jobId));
  const distinct = firstCopies(scoped);
  const patchesByJob = new Map<string, PatchOp[]>();
  for (const p of ledger.patches) {
    patchesByJob.set(p.jobId, [...patchesByJob.get(p.jobId) ?? [], p]);
  }
  // Every job of the scenario: those acknowledged and those a create made without telling.
  for (const jobId of jobIds) {
    const events = distinct.filter((e) => e.jobId === jobId);
    const created = events.filter((e) => e.type === "job.created").length;
    if (created !== 1) {
      fail("created_event", `${jobId} has ${created} job.created event ids (expected 1)`);
    }
    const updates = events.filter((e) => e.type === "job.updated");
    const patches = patchesByJob.get(jobId) ?? [];
    const byTitle = countBy(updates, (e) => e.title ?? "");
    for (const p of patches) {
      const n = byTitle.get(p.title) ?? 0;
      if (p.outcome === "acked" && n === 0) {
        fail("patch_lost", `${p.jobId} rev ${p.rev} was answered 200; no job.updated`);
      }
      if (n > 1) fail("patch_duplicated", `${p.jobId} rev ${p.rev}: ${n} job.updated event ids`);
      if (p.outcome === "refused" && n > 0) {
        fail("refused_patch_applied", `${p.jobId} rev ${p.rev} was answered ${p.finalStatus}`);
      }
    }
    const revs = updates.map((e) => patches.find((p) => p.title === e.title)?.rev);
    if (revs.some((r) => r === undefined)) {
      fail("unexpected_update", `${jobId} has a job.updated no PATCH asked for`);
    }
    if (revs.some((r, i) => i > 0 && (r ?? 0) <= (revs[i - 1] ?? 0))) {
      fail("events_out_of_order", `${jobId}: job.updated revisions ${revs.join(", ")}`);
    }
    const matched = countBy(events.filter((e) => e.type === "job.matched"), (e) => e.seekerId!);
    for (const [seeker, n] of matched) {
      if (n > 1) fail("matched_twice", `${jobId} × ${seeker}: ${n} job.matched event ids`);
    }
  }

  const received = countBy(observed.deliveries, (d) => d.eventId);
  const missed = distinct.filter((e) => !received.has(e.id));
  for (const e of missed) fail("webhook_missed", `${e.type} ${e.id} of ${e.jobId}`);
  let webhookCopies = 0;
  for (const e of distinct) webhookCopies += Math.max(0, (received.get(e.id) ?? 0) - 1);

  const fiveHundreds = ledger.answers.filter((a) =>
    typeof a.status === "number" && a.status >= 500 && a.status !== 503
  );
  if (fiveHundreds.length) {
    const statuses = [...countBy(fiveHundreds, (a) => String(a.status))];
    fail("http_5xx", `${statuses.map(([s, n]) => `${n}× ${s}`).join(", ")} answered`);
  }
  const bare503 = ledger.answers.filter((a) => a.status === 503 && !a.retryAfter).length;
  if (bare503) fail("503_without_retry_after", `${bare503} 503s had no Retry-After`);

  return {
    violations,
    duplicates: {
      api_replays: ledger.creates.filter((c) => c.replayed).length,
      database: extraRows,
      kafka: scoped.length - distinct.length,
      webhook: webhookCopies,
    },
    jobs: ledger.creates.filter((c) => c.outcome === "acked").length,
    events: distinct.length,
    delivered: distinct.length - missed.length,
  };
}

/** How a scenario's fault went, as the runner saw it. */
export interface Recovery {
  /** When the load started and when the component was killed (epoch ms). */
  startedAt: number;
  killedAt: number;
  /** Restart → ready, or null when it never was. */
  readyMs: number | null;
  readyBoundMs: number;
  /** Load's end → quiet, or null (with what was left) when not within `quietTimeoutMs`. */
  quietAfterMs: number | null;
  left: string[];
  quietTimeoutMs: number;
  /** Services that exited by themselves during the scenario. */
  exits: { service: string; code: number; signal: string | null; at: number }[];
}

/**
 * What the runner holds against a scenario: a 503 before the fault (the system was
 * healthy), no readiness within the bound, no quiet within the timeout, a service that
 * exited by itself.
 */
export function recoveryViolations(ledger: Ledger, r: Recovery): Violation[] {
  const violations: Violation[] = [];
  const early = ledger.answers.filter((a) => a.status === 503 && a.at < r.killedAt).length;
  if (early) violations.push({ rule: "503_before_fault", detail: `${early} 503s before the kill` });
  if (r.readyMs === null || r.readyMs > r.readyBoundMs) {
    violations.push({
      rule: "not_ready_in_bound",
      detail: `not ready within ${r.readyBoundMs / 1000} s of its restart` +
        (r.readyMs === null ? "" : ` (ready after ${r.readyMs} ms)`),
    });
  }
  if (r.quietAfterMs === null) {
    violations.push({
      rule: "not_quiet",
      detail: `after ${r.quietTimeoutMs / 1000} s: ${r.left.join("; ")}`,
    });
  }
  for (const e of r.exits) {
    violations.push({
      rule: "service_exited",
      detail: `${e.service} exited by itself (code ${e.code}, signal ${e.signal}) ` +
        `${((e.at - r.startedAt) / 1000).toFixed(1)} s into the scenario`,
    });
  }
  return violations;
}
