/**
 * Which load generator a run uses, and one load run with it: wrk (installed when missing),
 * else autocannon in-process, which competes with the system for CPU.
 * @module
 */
import { AUTOCANNON_VERSION, runAutocannon } from "./autocannon.ts";
import type { BenchConfig } from "./config.ts";
import type { LoadResult, LoadSpec } from "./load.ts";
import { step } from "./proc.ts";
import { ensureWrk, runWrk, wrkVersion } from "./wrk.ts";

/** A load generator. */
export type Tool = "wrk" | "autocannon";

/** wrk when it is (or can be) installed, unless `BENCH_TOOL` says otherwise. */
export async function chooseTool(tool: BenchConfig["tool"]): Promise<Tool> {
  if (tool === "autocannon") return "autocannon";
  if (await ensureWrk(step)) return "wrk";
  if (tool === "wrk") throw new Error("wrk is not installed and could not be installed");
  step("wrk unavailable; falling back to autocannon (it competes for CPU with the system)");
  return "autocannon";
}

/** The load generator's name and version, for the results. */
export async function toolVersion(tool: Tool): Promise<string> {
  return tool === "wrk" ? await wrkVersion() : AUTOCANNON_VERSION;
}

/** One load run of `spec` with `tool`. */
export async function runLoad(tool: Tool, spec: LoadSpec, nonce: string): Promise<LoadResult> {
  if (tool === "autocannon") return await runAutocannon(spec, nonce);
  return (await runWrk(spec, nonce)).result;
}
