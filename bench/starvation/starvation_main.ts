/**
 * `deno task bench:starvation`: does background work starve the API? The same open-loop
 * create load runs with the pipeline stopped and then while the pipeline works off the
 * backlog; the API's p99 of the two is compared, and the backlog's drain time reported.
 * Writes `bench/results/starvation.md` and `starvation-<date>.json`.
 * @module
 */
import { brokerGcLog, brokerPid, stopKafka } from "../../deploy/local/kafka.ts";
import type { ServiceName } from "../../deploy/local/services.ts";
import { pendingWork, waitQuiet } from "../chaos/observe.ts";
import { withAdmin } from "../chaos/probes.ts";
import { startAutovacuumStandIn } from "../common/autovacuum.ts";
import { startChaosSystem } from "../chaos/system.ts";
import { commitUnderTest } from "../common/commit.ts";
import { describeMachine } from "../common/machine.ts";
import { RESULTS_DIR, runBenchmark, step } from "../common/proc.ts";
import { writeResultFiles } from "../common/report.ts";
import { LIFTED_PLAN_LIMITS } from "../common/system.ts";
import { checkPerf, startPerfSession } from "../common/perf_record.ts";
import { readStarvationConfig } from "./config.ts";
import { drain, embeddingBacklog, runPhase } from "./phases.ts";
import { splitCores, startPinning } from "./placement.ts";
import { pipelineCost } from "./pipeline_cost.ts";
import { starvationMarkdown, type StarvationReport, verdict, verdictText } from "./report.ts";

const PIPELINE = ["embed", "match"] as const;
const SERVICES = [
  "edge",
  "job",
  "embed",
  "match",
  "deliver",
  "site",
  "console",
] as const satisfies readonly ServiceName[];

async function main() {
  const cfg = readStarvationConfig();
  let stop = () => stopKafka(cfg.system.broker);
  const onSignal = async () => {
    await stop();
    Deno.exit(130);
  };
  for (const s of ["SIGINT", "SIGTERM"] as const) Deno.addSignalListener(s, onSignal);
  if (cfg.perf) await checkPerf();
  const perf = cfg.perf ? await startPerfSession() : undefined;
  try {
    const { ctx } = await startChaosSystem(cfg.system, (s) => stop = s, LIFTED_PLAN_LIMITS);
    // Tables grow from empty during the phases: without autovacuum (this machine's server)
    // they would be planned as empty throughout.
    const autovacuum = await startAutovacuumStandIn(ctx.sql);
    const stopBench = stop;
    stop = async () => {
      await autovacuum?.stop();
      await stopBench();
    };
    const pids = () =>
      Object.fromEntries(SERVICES.map((n) => [n, ctx.fleet.pid(n)])) as Record<ServiceName, number>;
    const sides = cfg.placement === "split" ? splitCores(navigator.hardwareConcurrency) : undefined;
    const pinning = sides &&
      startPinning({
        sql: ctx.sql,
        services: pids,
        apiPids: async () => [Deno.pid, await brokerPid(cfg.system.broker) ?? []].flat(),
      }, sides);
    if (pinning) {
      await pinning.round();
      step(
        `starvation: the API's side on cores ${sides!.api}, the pipeline's on ${sides!.pipeline}`,
      );
      const stopUnpinned = stop;
      stop = () => pinning.stop().finally(stopUnpinned);
    }
    const load = (seconds: number) => ({
      baseUrl: ctx.edgeUrl,
      apiKey: ctx.apiKey,
      rate: cfg.rate,
      seconds,
      body: ctx.jobBody,
    });
    step(`starvation: warm-up, ${cfg.rate}/s for ${cfg.warmupS} s with the pipeline running`);
    await runPhase({ name: "warm-up", sql: ctx.sql, load: load(cfg.warmupS), pids });
    // Quiet, not only embedded: the warm-up's matches and webhooks would run into the phase.
    const quiet = await waitQuiet(
      () => withAdmin(ctx.kafka, (a) => pendingWork(ctx.sql, a, ctx.partnerId)),
      cfg.drainTimeoutS * 1000,
    );
    if (quiet.quietAfterMs === null) {
      throw new Error(`the warm-up's work was not done in time: ${quiet.left.join("; ")}`);
    }

    for (const name of PIPELINE) await ctx.fleet.terminate(name);
    // Each phase starts right after a checkpoint. Left to the WAL, the run's first one began
    // 15-18 s into the draining phase in each of four runs on 2026-12-01's tenth machine, so only
    // that phase paid for the full-page images of each page's first change after it.
    await ctx.sql`CHECKPOINT`;
    step(`starvation: pipeline stopped; ${cfg.rate}/s for ${cfg.seconds} s`);
    const stopped = await runPhase({
      name: "pipeline stopped",
      sql: ctx.sql,
      load: load(cfg.seconds),
      pids,
      perf,
      brokerGcLog: brokerGcLog(cfg.system.broker),
      vacuumRuns: autovacuum?.runsBetween,
    });

    await ctx.sql`CHECKPOINT`;
    step(`starvation: ${await embeddingBacklog(ctx.sql)} jobs wait; pipeline restarted`);
    const restartedAt = Date.now();
    for (const name of PIPELINE) await ctx.fleet.restart(name);
    // Started by this process, they run on the API's side until pinned: at once, not in a second.
    await pinning?.round();
    const drained = drain(ctx.sql, restartedAt, {
      loadS: cfg.seconds,
      timeoutS: cfg.drainTimeoutS,
    });
    const draining = await runPhase({
      name: "pipeline draining",
      sql: ctx.sql,
      load: load(cfg.seconds),
      pids,
      perf,
      brokerGcLog: brokerGcLog(cfg.system.broker),
      vacuumRuns: autovacuum?.runsBetween,
    });
    const { drainedAfterS, timeline } = await drained;
    // A pinning that failed midway would leave the figures of neither placement.
    await pinning?.stop();

    const at = new Date().toISOString();
    const report: StarvationReport = {
      date: at.slice(0, 10),
      at,
      commit: await commitUnderTest(),
      config: {
        rate: cfg.rate,
        seconds: cfg.seconds,
        warmupS: cfg.warmupS,
        drainTimeoutS: cfg.drainTimeoutS,
        seekers: cfg.system.seekers,
      },
      stopped,
      draining,
      pipelineCost: pipelineCost(stopped, draining),
      drainedAfterS,
      timeline,
      placement: { kind: cfg.placement, sides },
      autovacuum: autovacuum?.done() ?? null,
      machine: await describeMachine("in-process open loop (Deno fetch)"),
    };
    const paths = await writeResultFiles(RESULTS_DIR, {
      name: "starvation",
      date: report.date,
      json: report,
      markdown: starvationMarkdown(report),
    });
    const v = verdict(report);
    step(
      `starvation: p99 ${stopped.latencyMs.p99} ms stopped, ${draining.latencyMs.p99} ms draining ` +
        `(${v.ratio.toFixed(2)}×, ${verdictText(v)}); drained after ${drainedAfterS} s; ` +
        `wrote ${paths.join(", ")}`,
    );
  } finally {
    await stop();
    await perf?.cleanUp();
  }
}

if (import.meta.main) await runBenchmark(main);
