/**
 * wrk runs of the site benchmark: GETs cycling through paths, as fast as the connections
 * allow (closed loop, like the API benchmark) or paced to a fixed rate.
 * @module
 */
import type { LoadResult } from "../common/load.ts";
import { cycleLua, headersLua, runWrkScript, STATUS_LUA, type WrkOptions } from "../common/wrk.ts";

/**
 * Lua that paces one wrk thread to `perSecond` requests a second. wrk asks `delay()` how
 * many milliseconds to wait before each request of a connection; each call takes the next
 * slot of a fixed schedule (1000 / perSecond ms apart) on the thread's monotonic clock
 * (LuaJIT's FFI, `clock_gettime`), so the rate holds whatever the response times, as long
 * as some connection is free. A thread that fell more than a second behind (the server
 * stalled) starts a new schedule rather than bursting to catch up.
 */
export function pacedLua(perSecond: number): string {
  if (!(perSecond > 0)) throw new Error("the rate must be positive");
  return `local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clk_id, bench_timespec *tp);
]]
local ts = ffi.new("bench_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1000000
end
local interval = ${1000 / perSecond}
local slot = nil
function delay()
  local now = now_ms()
  if slot == nil or slot < now - 1000 then slot = now end
  local wait = slot - now
  slot = slot + interval
  if wait < 0 then return 0 end
  return math.floor(wait)
end
`;
}

/** A GET run over `paths` of `baseUrl`; `perSecond` paces it (all threads together). */
export interface PathsRun extends WrkOptions {
  baseUrl: string;
  paths: readonly string[];
  headers?: Record<string, string>;
  perSecond?: number;
}

/** The Lua script of a {@link PathsRun}. */
export function pathsScript(
  run: Pick<PathsRun, "paths" | "headers" | "perSecond" | "threads">,
): string {
  const pacing = run.perSecond ? pacedLua(run.perSecond / run.threads) : "";
  return STATUS_LUA + headersLua(run.headers ?? {}) + cycleLua(run.paths) + pacing;
}

/** Runs wrk over the paths; resolves with its figures. */
export async function runPaths(run: PathsRun): Promise<LoadResult> {
  // wrk starts min(threads, connections) threads; the pacing divides the rate among them.
  const threads = Math.min(run.threads, run.connections);
  const script = pathsScript({ ...run, threads });
  return (await runWrkScript(script, run.baseUrl + run.paths[0], { ...run, threads })).result;
}
