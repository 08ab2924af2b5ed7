/**
 * One fault under load: the load runs, the component is killed with SIGKILL, stays down,
 * is started again; the load goes on, then stops; once the system is quiet, what it holds
 * is checked against what the clients were told, and the figures are taken.
 * @module
 */
import { DEFAULT_TOPIC_NAMES } from "@hire/topology";
import type { LatencyStats } from "../common/stats.ts";
import { isReady } from "../common/system.ts";
import { checkScenario, type Duplicates, recoveryViolations, type Violation } from "./check.ts";
import type { ScenarioName } from "./config.ts";
import type { ChaosContext } from "./context.ts";
import { faultOf } from "./faults.ts";
import {
  type AnswerCounts,
  countAnswers,
  eventToDelivery,
  longestWithout2xx,
  notReadyMs,
  outcomes,
} from "./figures.ts";
import { type Ledger, ofScenario } from "./ledger.ts";
import { startLoad } from "./load.ts";
import {
  observeDeliveries,
  observeEvents,
  observeJobs,
  pendingWork,
  waitQuiet,
} from "./observe.ts";
import { startSampler, timeUntil, withAdmin } from "./probes.ts";

/** What one scenario measured and found. */
export interface ScenarioResult {
  scenario: ScenarioName;
  /** What was killed, with its pid. */
  fault: string;
  /** Seconds from the load's start. */
  timeline: {
    killed_s: number;
    restarted_s: number;
    /** No operation started after this… */
    load_stopped_s: number;
    /** …and the last one ended here (a create in doubt may wait for its key). */
    load_done_s: number;
    quiet_s: number;
  };
  answers: AnswerCounts;
  outcomes: ReturnType<typeof outcomes>;
  /** How long the restart itself took: a broker until it serves metadata, a process its spawn. */
  restart_ms: number;
  /** Restart → the component ready (see `ready`); null when not within the bound's double. */
  ready_after_restart_ms: number | null;
  /** How long the edge's /readyz did not answer 200 (sampled every 500 ms). */
  edge_readyz_not_ready_ms: number;
  /** The longest stretch, from the kill to the load's stop, in which no attempt got a 2xx. */
  api_outage_ms: number;
  /**
   * Restart → every job acknowledged before the restart embedded, match-ready and its
   * `job.created` at the webhook: the fault's backlog done. Null when not before quiet.
   */
  backlog_done_after_restart_ms: number | null;
  /** The load's end → nothing left to process; null when not within the timeout. */
  quiet_after_load_ms: number | null;
  event_to_delivery_ms: LatencyStats;
  duplicates: Duplicates;
  checked: { jobs: number; events: number; delivered: number };
  violations: Violation[];
  passed: boolean;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Resolves with the ms from `from` until every job of `jobIds` has been seen embedded and
 * match-ready, and its `job.created` at the webhook; null when `until` comes first.
 */
async function backlogDone(
  ctx: ChaosContext,
  jobIds: string[],
  from: number,
  until: () => boolean,
): Promise<number | null> {
  const left = new Set(jobIds);
  const created = new Set<string>();
  let parsed = 0;
  for (;;) {
    // Read before looking: what arrived just before `until` turned true still counts.
    const last = until();
    const requests = ctx.receiver.requests(ctx.hookPath);
    for (; parsed < requests.length; parsed++) {
      const body = JSON.parse(requests[parsed]!.body);
      if (body.type === "job.created") created.add(body.data.job.id);
    }
    const ready = left.size
      ? await ctx.sql<{ id: string }[]>`SELECT id FROM jobs WHERE id IN ${ctx.sql([...left])}
          AND embedding_status = 'ready' AND match_ready`.catch(() => [])
      : [];
    for (const { id } of ready) if (created.has(id)) left.delete(id);
    if (!left.size) return Date.now() - from;
    if (last) return null;
    await pause(500);
  }
}

/** After the fault: the edge is ready, and the public site serves one of the scenario's jobs. */
async function servingAtEnd(ctx: ChaosContext, ledger: Ledger): Promise<Violation[]> {
  const violations: Violation[] = [];
  if (!await isReady(ctx.edgeUrl)) {
    violations.push({ rule: "not_ready_at_end", detail: "the edge's /readyz is not 200" });
  }
  const job = ledger.creates.find((c) => c.outcome === "acked");
  if (job) {
    const res = await fetch(`${ctx.siteUrl}/jobs/${job.jobId}`).catch(() => undefined);
    await res?.body?.cancel();
    if (res?.status !== 200) {
      violations.push({
        rule: "site_page",
        detail: `the site answered ${res?.status ?? "nothing"} for /jobs/${job.jobId}`,
      });
    }
  }
  return violations;
}

/** Runs one scenario. */
export async function runScenario(ctx: ChaosContext, name: ScenarioName): Promise<ScenarioResult> {
  const { cfg } = ctx;
  const exitsBefore = ctx.fleet.exits.length;
  const edgeReadyz = startSampler(() => isReady(ctx.edgeUrl));
  const started = Date.now();
  const load = startLoad({
    baseUrl: ctx.edgeUrl,
    apiKey: ctx.apiKey,
    scenario: name,
    clients: cfg.clients,
    opsPerSecond: cfg.opsPerSecond,
    patchShare: cfg.patchShare,
    requestTimeoutMs: cfg.requestTimeoutMs,
    giveUpMs: cfg.giveUpS * 1000,
    jobBody: ctx.jobBody,
    ledger: ctx.ledger,
  });
  const fault = faultOf(ctx, name, load);
  await pause(cfg.beforeS * 1000);
  // A create in flight at the kill is what idempotency keys are for.
  await timeUntil(() => Promise.resolve(load.createsInFlight() > 0), 5000);
  const killedAt = Date.now();
  const what = await fault.kill();
  await pause(cfg.downS * 1000);
  const restartedAt = Date.now();
  await fault.restart();
  const restartMs = Date.now() - restartedAt;
  const ackedBefore = ctx.ledger.creates.filter((c) =>
    c.scenario === name && c.outcome === "acked" && c.ackedAt! < restartedAt
  ).map((c) => c.jobId!);
  let quietDone = false;
  const backlog = backlogDone(ctx, ackedBefore, restartedAt, () => quietDone);
  // From the restart: a broker's or a process's own start-up counts.
  const readyMs = await timeUntil(fault.ready, cfg.readyBoundS * 2000) === null
    ? null
    : Date.now() - restartedAt;
  await pause(restartedAt + cfg.afterS * 1000 - Date.now());
  const loadStoppedAt = Date.now();
  await load.stop();
  const loadDoneAt = Date.now();
  const quiet = await waitQuiet(
    () => withAdmin(ctx.kafka, (a) => pendingWork(ctx.sql, a, ctx.partnerId)),
    cfg.quietTimeoutS * 1000,
  );
  const quietAt = Date.now();
  quietDone = true;
  const backlogMs = await backlog;
  await edgeReadyz.stop();

  const ledger = ofScenario(ctx.ledger, name);
  const observed = {
    jobs: await observeJobs(ctx.sql, ctx.partnerId),
    events: await withAdmin(
      ctx.kafka,
      (a) => observeEvents(ctx.kafka, a, DEFAULT_TOPIC_NAMES.TOPIC_JOBS_EVENTS),
    ),
    deliveries: observeDeliveries(ctx.receiver, ctx.hookPath),
  };
  const check = checkScenario(ledger, observed);
  const violations = [
    ...check.violations,
    ...recoveryViolations(ledger, {
      startedAt: started,
      killedAt,
      readyMs,
      readyBoundMs: cfg.readyBoundS * 1000,
      quietAfterMs: quiet.quietAfterMs,
      left: quiet.left,
      quietTimeoutMs: cfg.quietTimeoutS * 1000,
      exits: ctx.fleet.exits.slice(exitsBefore),
    }),
    ...await servingAtEnd(ctx, ledger),
  ];
  const scoped = observed.events.filter((e) => ledger.creates.some((c) => c.jobId === e.jobId));
  const since = (t: number) => Math.round((t - started) / 100) / 10;
  return {
    scenario: name,
    fault: what,
    timeline: {
      killed_s: since(killedAt),
      restarted_s: since(restartedAt),
      load_stopped_s: since(loadStoppedAt),
      load_done_s: since(loadDoneAt),
      quiet_s: since(quietAt),
    },
    answers: countAnswers(ledger.answers),
    outcomes: outcomes(ledger),
    restart_ms: restartMs,
    ready_after_restart_ms: readyMs,
    edge_readyz_not_ready_ms: notReadyMs(edgeReadyz.samples),
    api_outage_ms: longestWithout2xx(ledger.answers, killedAt, loadStoppedAt),
    backlog_done_after_restart_ms: backlogMs,
    quiet_after_load_ms: quiet.quietAfterMs,
    event_to_delivery_ms: eventToDelivery(scoped, observed.deliveries),
    duplicates: check.duplicates,
    checked: { jobs: check.jobs, events: check.events, delivered: check.delivered },
    violations,
    passed: violations.length === 0,
  };
}
