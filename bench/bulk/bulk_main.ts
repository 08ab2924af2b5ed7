/**
 * `deno task bench:bulk` (also run by `deno task bench`): the time of one 100-job bulk
 * create call, alone and with a few calls at once. Starts `deno task dev` when the system
 * is not running. Writes `bench/results/bulk.md` and `bulk-<date>.json`.
 *
 * BENCH_BULK_CALLS (default 60) calls per run after BENCH_BULK_WARMUP (default 5).
 * @module
 */
import { createPartner } from "../common/partner.ts";
import { bulkBody, bulkMarkdown, type BulkRun, meetsTarget } from "./bulk.ts";
import { latencyStats } from "../common/stats.ts";
import { describeMachine } from "../common/machine.ts";
import { datedJsonName, RESULTS_DIR, runBenchmark, step } from "../common/proc.ts";
import { benchBaseUrl, systemFor } from "../common/system.ts";

const num = (name: string, def: number) => Number(Deno.env.get(name) ?? def);
const JOBS_PER_CALL = 100;

interface CallResult {
  ms: number;
  status: number;
  created: number;
  errors: number;
}

async function bulkCall(baseUrl: string, apiKey: string, nonce: string): Promise<CallResult> {
  const body = JSON.stringify(bulkBody(JOBS_PER_CALL, nonce));
  const started = performance.now();
  const res = await fetch(`${baseUrl}/v1/partner/jobs/bulk`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body,
  });
  const json = await res.json() as { created?: unknown[]; errors?: unknown[] };
  const ms = performance.now() - started;
  return {
    ms,
    status: res.status,
    created: json.created?.length ?? 0,
    errors: json.errors?.length ?? 0,
  };
}

/** `calls` calls, `concurrency` at a time. */
async function run(
  baseUrl: string,
  apiKey: string,
  calls: number,
  concurrency: number,
): Promise<BulkRun> {
  const results: CallResult[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < calls) {
      const n = next++;
      results.push(await bulkCall(baseUrl, apiKey, `c${concurrency}-${n}`));
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  const created = results.reduce((s, r) => s + r.created, 0);
  return {
    jobsPerCall: JOBS_PER_CALL,
    calls,
    concurrency,
    latency: latencyStats(results.map((r) => r.ms)),
    created,
    itemErrors: results.reduce((s, r) => s + r.errors, 0),
    failedCalls: results.filter((r) => r.status !== 207).length,
    jobsPerSec: created / seconds,
  };
}

async function main() {
  const baseUrl = benchBaseUrl();
  const system = await systemFor(baseUrl);
  try {
    const partner = await createPartner(`Bulk bench ${new Date().toISOString()}`);
    const calls = num("BENCH_BULK_CALLS", 60);
    step(`warming up with ${num("BENCH_BULK_WARMUP", 5)} calls`);
    await run(baseUrl, partner.api_key, num("BENCH_BULK_WARMUP", 5), 1);
    const runs: BulkRun[] = [];
    for (const concurrency of [1, 4]) {
      step(`${calls} calls of ${JOBS_PER_CALL} jobs, ${concurrency} at a time`);
      const r = await run(baseUrl, partner.api_key, calls, concurrency);
      step(
        `p50 ${r.latency.p50.toFixed(0)} ms, p99 ${r.latency.p99.toFixed(0)} ms, ` +
          `${r.jobsPerSec.toFixed(0)} jobs/s, ${meetsTarget(r) ? "met" : "MISSED"}`,
      );
      runs.push(r);
    }
    const at = new Date();
    const machine = await describeMachine("fetch from the benchmark process");
    const md = bulkMarkdown(runs, { at, machine, baseUrl });
    await Deno.writeTextFile(new URL("bulk.md", RESULTS_DIR), md);
    await Deno.writeTextFile(
      new URL(datedJsonName("bulk", at), RESULTS_DIR),
      JSON.stringify({ generated_at: at.toISOString(), machine, runs }, null, 2) + "\n",
    );
    console.log(md);
  } finally {
    await system?.stop();
  }
}

if (import.meta.main) await runBenchmark(main);
