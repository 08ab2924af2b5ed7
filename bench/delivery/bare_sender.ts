/**
 * The bare reference of the delivery benchmark: a process that does nothing but POST
 * envelopes of the benchmark's size to one of the receivers (bare Hono handlers) with the
 * delivery service's own HTTP client (same keep-alive pool, TLS, address check and
 * socket cap), with no Kafka, no Postgres, no signing and no queue. What it reaches is what
 * one Deno process on this machine can send the receivers; the service's figures are given
 * as ratios to it.
 *
 * Run as `deno run -A bench/delivery/bare_sender.ts <url> <json options>` (see
 * {@link BareOptions}). It rests, then sends as fast as `concurrency` requests in flight
 * allow for `durationS`, then at `rate` a second for `durationS`, and prints one line of JSON
 * ({@link BareResult}) with the time of each phase, so its resident size can be read per
 * phase from outside.
 * @module
 */
import { createWebhookHttpClient } from "@hire/delivery-service/http_client.ts";
import { newId } from "@hire/ids";
import { sleep } from "@hire/testing/receiver.ts";
import { type LatencyStats, latencyStats, roundedStats } from "../common/stats.ts";
import { ROOT } from "../common/proc.ts";

/** What the bare sender does. */
export interface BareOptions {
  restMs: number;
  durationS: number;
  /** Requests in flight at once in the closed-loop phase: the service's DELIVERY_CONCURRENCY. */
  concurrency: number;
  /**
   * Requests a second in the paced phase: the sustained scenario's deliveries a second, or 80%
   * of what the closed-loop phase reached when that is less (a rate the client cannot keep up
   * with only measures its queue, which grows without bound).
   */
  rate: number;
  timeoutMs: number;
  caPath: string;
}

/** A phase's time span (`Date.now()`). */
export interface Span {
  from: number;
  to: number;
}

/** What the bare sender measured. */
export interface BareResult {
  rest: Span;
  max: Span & {
    concurrency: number;
    requests: number;
    failed: number;
    per_sec: number;
    latency_ms: LatencyStats;
  };
  paced: Span & { rate: number; requests: number; failed: number; latency_ms: LatencyStats };
}

/** An envelope of the size the benchmark's events have. */
function envelope(): string {
  const now = new Date().toISOString();
  const jobId = newId("job");
  return JSON.stringify({
    id: newId("evt"),
    type: "job.deleted",
    created_at: now,
    data: { job_id: jobId, service_url: `https://jobs.example.sa/jobs/${jobId}`, deleted_at: now },
  });
}

/** Runs the bare sender in a process of its own; resolves with its pid and, later, its result. */
export function startBareSender(url: string, opts: BareOptions) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/delivery/bare_sender.ts", url, JSON.stringify(opts)],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const result = (async () => {
    const out = await child.output();
    if (!out.success) throw new Error("bench/delivery/bare_sender.ts failed");
    const lines = new TextDecoder().decode(out.stdout).trim().split("\n");
    return JSON.parse(lines.at(-1)!) as BareResult;
  })();
  return { pid: child.pid, result };
}

async function run(url: string, opts: BareOptions): Promise<BareResult> {
  const client = createWebhookHttpClient({
    timeoutMs: opts.timeoutMs,
    allowPrivateNetworks: true,
    maxSocketsPerHost: opts.concurrency,
    extraCaPem: await Deno.readTextFile(opts.caPath),
  });
  const post = async () => {
    const started = performance.now();
    const r = await client.post({
      url,
      headers: { "Content-Type": "application/json" },
      body: envelope(),
    });
    return { ok: r.ok, ms: performance.now() - started };
  };
  try {
    const restFrom = Date.now();
    await sleep(opts.restMs);
    const rest = { from: restFrom, to: Date.now() };

    const maxFrom = Date.now();
    const until = performance.now() + opts.durationS * 1000;
    const maxMs: number[] = [];
    let maxFailed = 0;
    await Promise.all(Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < until) {
        const r = await post();
        maxMs.push(r.ms);
        if (!r.ok) maxFailed++;
      }
    }));
    const maxTo = Date.now();
    const perSec = Math.round(maxMs.length / ((maxTo - maxFrom) / 1000));
    const rate = Math.min(opts.rate, Math.floor(perSec * 0.8));

    const pacedFrom = Date.now();
    const start = performance.now();
    const posts: Promise<{ ok: boolean; ms: number }>[] = [];
    for (let i = 0; i < Math.round(rate * opts.durationS); i++) {
      const wait = start + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      posts.push(post());
    }
    const paced = await Promise.all(posts);
    return {
      rest,
      max: {
        from: maxFrom,
        to: maxTo,
        concurrency: opts.concurrency,
        requests: maxMs.length,
        failed: maxFailed,
        per_sec: perSec,
        latency_ms: roundedStats(latencyStats(maxMs)),
      },
      paced: {
        from: pacedFrom,
        to: Date.now(),
        rate,
        requests: paced.length,
        failed: paced.filter((r) => !r.ok).length,
        latency_ms: roundedStats(latencyStats(paced.map((r) => r.ms))),
      },
    };
  } finally {
    client.close();
  }
}

if (import.meta.main) {
  console.log(JSON.stringify(await run(Deno.args[0]!, JSON.parse(Deno.args[1]!))));
}
