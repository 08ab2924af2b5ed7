/**
 * The site benchmark's measured runs: closed-loop page loads (the site's and the bare Hono
 * handler's), and the isolation run, the API's retrieve alone and beside a paced site load.
 * @module
 */
import type { Target } from "../common/config.ts";
import { socketErrorCount } from "../common/load.ts";
import type { LoadResult } from "../common/load.ts";
import { warmAndMeasure } from "../common/measure.ts";
import { step } from "../common/proc.ts";
import { type ScenarioResult, scenarioResult } from "../common/report.ts";
import type { SiteBenchConfig } from "./config.ts";
import { ISOLATION_MAX_RATIO } from "./config.ts";
import { type PathsRun, runPaths } from "./wrk_paths.ts";

/**
 * What every run shares: the knobs, the process group of a `deno task dev` the benchmark
 * started, and the bare handler's run once measured.
 */
export interface RunContext {
  cfg: SiteBenchConfig;
  systemPgid?: number;
  bare?: ComparedResult;
}

/**
 * A run with its req/s and p99 as multiples of the bare handler's closed-loop run; null for
 * a paced run, whose req/s is the rate it was offered.
 */
export type ComparedResult = ScenarioResult & {
  paced_per_sec: number | null;
  vs_bare: { throughput: number; p99: number } | null;
};

const ratio = (a: number, b: number) => b > 0 ? Math.round((a / b) * 1000) / 1000 : NaN;

/** `r` beside the bare handler's run (`pacedPerSec`: the rate a paced run was offered). */
export function compared(
  r: ScenarioResult,
  bare: ScenarioResult,
  pacedPerSec?: number,
): ComparedResult {
  return {
    ...r,
    paced_per_sec: pacedPerSec ?? null,
    vs_bare: pacedPerSec ? null : {
      throughput: ratio(r.requests_per_sec, bare.requests_per_sec),
      p99: ratio(r.p99_ms, bare.p99_ms),
    },
  };
}

/** GETs of `paths` at `baseUrl`, optionally paced and with headers. */
export type Load = Pick<PathsRun, "baseUrl" | "paths" | "headers" | "perSecond">;

const run = (ctx: RunContext, load: Load) => (durationS: number) =>
  runPaths({ ...ctx.cfg, ...load, durationS });

/**
 * A warmed-up, measured run of `load`, with its target (null: none), beside the bare
 * handler's run (itself when that is not measured yet).
 */
export async function measureLoad(
  ctx: RunContext,
  scenario: { name: string; request: string; target: Target | null },
  load: Load,
): Promise<ComparedResult> {
  const { result, cpu } = await warmAndMeasure(scenario.name, run(ctx, load), {
    ...ctx.cfg,
    systemPgid: ctx.systemPgid,
  });
  const r = scenarioResult(scenario.name, scenario.request, ctx.cfg, result, scenario.target, cpu);
  return compared(r, ctx.bare ?? r, load.perSecond);
}

/** The paced site load of an isolation run: what it offered and what it got. */
export interface SiteLoadFigures {
  offered_per_sec: number;
  /** wrk's connections: enough that the rate holds while answers are slow. */
  connections: number;
  achieved_per_sec: number;
  requests: number;
  elapsed_s: number;
  p50_ms: number;
  p99_ms: number;
  statuses: Record<string, number>;
  socket_errors: number;
}

/** The API's retrieve p99 alone and beside the site's load. */
export interface IsolationResult {
  /** Closed loop ("as fast as the connections allow") or the retrieve's paced rate. */
  api_load: string;
  /** Which site pages made the load. */
  site_pages: string;
  alone: ComparedResult;
  with_site_load: ComparedResult;
  site_load: SiteLoadFigures;
  p99_ratio: number;
  max_ratio: number;
  /** The site load was delivered (≥ 95% of the offered rate). */
  rate_held: boolean;
  met: boolean;
}

function siteLoadFigures(offered: number, connections: number, r: LoadResult): SiteLoadFigures {
  return {
    offered_per_sec: offered,
    connections,
    achieved_per_sec: Math.round(r.requests / r.elapsedS),
    requests: r.requests,
    elapsed_s: r.elapsedS,
    p50_ms: r.latencyMs.p50,
    p99_ms: r.latencyMs.p99,
    statuses: r.statuses,
    socket_errors: socketErrorCount(r.socketErrors),
  };
}

/** Whether an isolation run meets the target, from its parts. */
export function isolationVerdict(
  alone: ScenarioResult,
  loaded: ScenarioResult,
  site: SiteLoadFigures,
): Pick<IsolationResult, "p99_ratio" | "max_ratio" | "rate_held" | "met"> {
  const ratio = loaded.p99_ms / alone.p99_ms;
  const rateHeld = site.achieved_per_sec >= 0.95 * site.offered_per_sec;
  const siteClean = site.socket_errors === 0 &&
    Object.keys(site.statuses).every((s) => s.startsWith("2"));
  return {
    p99_ratio: Math.round(ratio * 1000) / 1000,
    max_ratio: ISOLATION_MAX_RATIO,
    rate_held: rateHeld,
    met: ratio <= ISOLATION_MAX_RATIO && rateHeld && siteClean && alone.clean && loaded.clean,
  };
}

/** Connections enough for a paced load at `perSecond` to stay open while answers take 100 ms. */
export function pacedConnections(perSecond: number, atLeast: number): number {
  return Math.max(atLeast, Math.ceil(perSecond / 10));
}

/** A kind of site load of the isolation runs: its pages, named. */
export interface SiteLoad {
  pages: string;
  load: Load;
}

/**
 * The API's `retrieve` load alone, then again while a second wrk offers the site
 * `cfg.siteRate` page views a second of each kind in `sites`, from before the retrieve's
 * warm-up until after its measured run.
 */
export async function isolation(
  ctx: RunContext,
  api: { name: string; request: string; target: Target | null; load: Load },
  sites: readonly SiteLoad[],
): Promise<IsolationResult[]> {
  const alone = await measureLoad(ctx, { ...api, name: `${api.name} alone` }, api.load);
  const { warmupS, durationS, siteRate } = ctx.cfg;
  const results: IsolationResult[] = [];
  for (const site of sites) {
    step(`${api.name}: offering the site ${siteRate} views/s (${site.pages}) alongside`);
    const connections = pacedConnections(siteRate, ctx.cfg.connections);
    const siteRun = runPaths({
      ...ctx.cfg,
      connections,
      ...site.load,
      perSecond: siteRate,
      durationS: warmupS + durationS + 3,
    });
    await new Promise((r) => setTimeout(r, 1000));
    const loaded = await measureLoad(
      ctx,
      { ...api, name: `${api.name} with site ${site.pages}` },
      api.load,
    );
    const siteLoad = siteLoadFigures(siteRate, connections, await siteRun);
    step(
      `site load: offered ${siteRate}/s, achieved ${siteLoad.achieved_per_sec}/s, ` +
        `p99 ${siteLoad.p99_ms.toFixed(1)} ms`,
    );
    results.push({
      api_load: api.load.perSecond ? `paced at ${api.load.perSecond} req/s` : "closed loop",
      site_pages: site.pages,
      alone,
      with_site_load: loaded,
      site_load: siteLoad,
      ...isolationVerdict(alone, loaded, siteLoad),
    });
  }
  return results;
}

/** The API runs of isolation results, each once (a run alone serves every site load). */
export function isolationRunsOf(list: readonly IsolationResult[]): ComparedResult[] {
  return [...new Set(list.flatMap((i) => [i.alone, i.with_site_load]))];
}
