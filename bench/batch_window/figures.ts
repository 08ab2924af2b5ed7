/**
 * The batch-window benchmark's figures: what one run measured, and each setting's median
 * over its runs, CPU per request also as a ratio to the bare Hono handler's.
 * @module
 */
import type { CpuUsage } from "../common/cpu.ts";
import type { LatencyStats } from "../common/stats.ts";

/** One measured run of one setting. */
export interface Run {
  /** `bare` (the constant-JSON Hono handler) or the job service's window in ms. */
  setting: string;
  requests: number;
  statuses: Record<string, number>;
  latencyMs: LatencyStats;
  cpu: CpuUsage;
  /** Database transactions committed during the run, per request. */
  transactionsPerRequest: number;
}

/** A setting's medians over its runs. */
export interface SettingFigures {
  setting: string;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  machineBusyPct: number;
  /** Milliseconds of CPU per request, of each process group and all of them. */
  cpuMsPerRequest: Record<string, number>;
  totalCpuMsPerRequest: number;
  transactionsPerRequest: number;
  /** Total CPU per request ÷ the bare handler's, both medians of this run. */
  cpuRatioToBare: number | null;
}

/** Median of `values` (the mean of the middle two for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** CPU per request of each group in `run` (ms), from % of one core over the run. */
export function cpuPerRequest(run: Run, seconds: number): Record<string, number> {
  const rate = run.requests / seconds;
  return Object.fromEntries(
    run.cpu.groups.map((g) => [g.group, (g.corePct / 100) * 1000 / rate]),
  );
}

/** Each setting's medians, in order of first appearance; ratios to the `bare` setting. */
export function settingFigures(runs: readonly Run[], seconds: number): SettingFigures[] {
  const settings = [...new Set(runs.map((r) => r.setting))];
  const figures = settings.map((setting) => {
    const of = runs.filter((r) => r.setting === setting);
    const perRun = of.map((r) => cpuPerRequest(r, seconds));
    const groups = [...new Set(perRun.flatMap((c) => Object.keys(c)))];
    const cpuMsPerRequest = Object.fromEntries(
      groups.map((g) => [g, median(perRun.map((c) => c[g] ?? 0))]),
    );
    return {
      setting,
      runs: of.length,
      p50Ms: median(of.map((r) => r.latencyMs.p50)),
      p99Ms: median(of.map((r) => r.latencyMs.p99)),
      machineBusyPct: median(of.map((r) => r.cpu.machineBusyPct)),
      cpuMsPerRequest,
      totalCpuMsPerRequest: median(
        perRun.map((c) => Object.values(c).reduce((a, b) => a + b, 0)),
      ),
      transactionsPerRequest: median(of.map((r) => r.transactionsPerRequest)),
      cpuRatioToBare: null as number | null,
    };
  });
  const bare = figures.find((f) => f.setting === "bare");
  for (const f of figures) {
    if (bare && bare.totalCpuMsPerRequest > 0) {
      f.cpuRatioToBare = f.totalCpuMsPerRequest / bare.totalCpuMsPerRequest;
    }
  }
  return figures;
}
