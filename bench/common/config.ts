/**
 * The knobs the load-generating benchmarks (API, site) share, read from the environment,
 * and the shape of a throughput and latency target.
 * @module
 */
import { benchBaseUrl } from "./system.ts";

/** What one wrk (or autocannon) benchmark run does. */
export interface BenchConfig {
  /** Edge base URL, without a trailing slash. */
  baseUrl: string;
  /** Seconds of each measured run. */
  durationS: number;
  /** Seconds of the warm-up before each measured run. */
  warmupS: number;
  /** Open connections of the load generator. */
  connections: number;
  /** Load generator threads. */
  threads: number;
  /** Seconds after which the load generator gives up on one request. */
  timeoutS: number;
  /** `wrk`, `autocannon`, or `auto` (wrk, installed when missing, else autocannon). */
  tool: "auto" | "wrk" | "autocannon";
}

/** A scenario's target: at least this throughput, at most this p99. */
export interface Target {
  minRps: number;
  maxP99Ms: number;
}

/** A positive integer from the environment variable `name`, else `fallback`. */
export function positiveInt(name: string, fallback: number): number {
  const raw = Deno.env.get(name);
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

/** A comma-separated list of whole numbers of at least `min` from `name`, else `fallback`. */
export function wholeNumbers(name: string, fallback: string, min = 0): number[] {
  const raw = Deno.env.get(name) || fallback;
  const counts = raw.split(",").map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < min)) {
    throw new Error(`${name} must be a list of whole numbers from ${min}, such as ${fallback}`);
  }
  return counts;
}

/** A switch from the environment variable `name`: `1` on, `0` or unset off. */
export function flag(name: string): boolean {
  const raw = Deno.env.get(name) ?? "";
  if (raw === "" || raw === "0") return false;
  if (raw === "1") return true;
  throw new Error(`${name} must be 1 or 0, not ${raw}`);
}

/** Reads the configuration from BENCH_* variables. */
export function readConfig(): BenchConfig {
  const tool = Deno.env.get("BENCH_TOOL") ?? "auto";
  if (tool !== "auto" && tool !== "wrk" && tool !== "autocannon") {
    throw new Error("BENCH_TOOL must be auto, wrk or autocannon");
  }
  return {
    baseUrl: benchBaseUrl(),
    durationS: positiveInt("BENCH_DURATION", 20),
    warmupS: positiveInt("BENCH_WARMUP", 5),
    connections: positiveInt("BENCH_CONNECTIONS", 50),
    threads: positiveInt("BENCH_THREADS", 2),
    timeoutS: positiveInt("BENCH_TIMEOUT", 10),
    tool,
  };
}
