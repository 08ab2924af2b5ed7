/**
 * Page latency as one person sees it: requests one after another on a kept-alive
 * connection, timed from the request to the last byte of the body. Every page, and the bare
 * handler, is measured in the same rounds, interleaved, so a slow moment of the machine
 * falls on all of them alike.
 * @module
 */
import { type LatencyStats, latencyStats } from "../common/stats.ts";

/** What to request: an absolute URL and its headers. */
export interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/** A target's latencies and the statuses it answered. */
export interface Measured {
  name: string;
  url: string;
  stats: LatencyStats;
  statuses: Record<string, number>;
  bytes: number;
}

async function timed(t: Target): Promise<{ ms: number; status: number; bytes: number }> {
  const start = performance.now();
  const res = await fetch(t.url, { headers: t.headers });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status, bytes: body.byteLength };
}

/**
 * `warmup` unmeasured requests per target, then `rounds` rounds of `perRound` requests to
 * each target in turn.
 */
export async function measureAll(
  targets: readonly Target[],
  opts: { warmup: number; rounds: number; perRound: number; log: (msg: string) => void },
): Promise<Measured[]> {
  const samples = targets.map(() => [] as number[]);
  const statuses = targets.map(() => ({} as Record<string, number>));
  const bytes = targets.map(() => 0);
  for (const t of targets) for (let i = 0; i < opts.warmup; i++) await timed(t);
  for (let round = 1; round <= opts.rounds; round++) {
    for (const [i, t] of targets.entries()) {
      for (let k = 0; k < opts.perRound; k++) {
        const r = await timed(t);
        samples[i]!.push(r.ms);
        statuses[i]![r.status] = (statuses[i]![r.status] ?? 0) + 1;
        bytes[i] = r.bytes;
      }
    }
    opts.log(`round ${round} of ${opts.rounds} done`);
  }
  return targets.map((t, i) => ({
    name: t.name,
    url: t.url,
    stats: latencyStats(samples[i]!),
    statuses: statuses[i]!,
    bytes: bytes[i]!,
  }));
}
