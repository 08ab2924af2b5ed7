/**
 * An open-loop create load: requests start on a fixed schedule whatever the answers do, and
 * each latency counts from the request's scheduled start, so a slow system cannot slow the
 * load down and hide its own queueing (no coordinated omission).
 * @module
 */
import { JOBS_PATH } from "../common/load.ts";
import { statsBySlice } from "../common/stats.ts";

/** What one run of the load measured. */
export interface OpenLoopResult {
  /** Requests scheduled, and answered with each status (0: no answer, network error). */
  sent: number;
  statuses: Record<string, number>;
  /** Milliseconds from the scheduled start to the answer, of answered requests. */
  latenciesMs: number[];
  /** Each answered request's scheduled start (ms from the load's beginning), as `latenciesMs`. */
  dueMs: number[];
  /** Requests that started more than 10 ms after their scheduled time (the generator lagged). */
  lateStarts: number;
}

/** The start times (ms from the beginning) of `rate` requests per second for `seconds`. */
export function schedule(rate: number, seconds: number): number[] {
  const n = Math.round(rate * seconds);
  return Array.from({ length: n }, (_, i) => (i * 1000) / rate);
}

/** Sends `POST /v1/partner/jobs` with `body()` on `schedule(rate, seconds)`. */
export async function openLoopCreates(opts: {
  baseUrl: string;
  apiKey: string;
  rate: number;
  seconds: number;
  body: () => unknown;
}): Promise<OpenLoopResult> {
  const starts = schedule(opts.rate, opts.seconds);
  const result: OpenLoopResult = {
    sent: 0,
    statuses: {},
    latenciesMs: [],
    dueMs: [],
    lateStarts: 0,
  };
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  const send = async (due: number) => {
    let status = 0;
    try {
      const res = await fetch(`${opts.baseUrl}${JOBS_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${opts.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify(opts.body()),
      });
      await res.body?.cancel();
      status = res.status;
      result.latenciesMs.push(performance.now() - (t0 + due));
      result.dueMs.push(due);
    } catch {
      // Counted under status 0.
    }
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
  };
  for (const due of starts) {
    const wait = t0 + due - performance.now();
    // Timers are coarse: requests due within the next millisecond go out together.
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (performance.now() - (t0 + due) > 10) result.lateStarts++;
    result.sent++;
    pending.push(send(due));
  }
  await Promise.all(pending);
  return result;
}

/**
 * p99 of the requests scheduled in each `windowMs` slice of the load, so a tail made in a
 * few seconds (a restart, a vacuum) shows apart from one spread over the whole phase.
 */
export function windowP99(
  r: Pick<OpenLoopResult, "latenciesMs" | "dueMs">,
  windowMs: number,
): { fromS: number; count: number; p99: number }[] {
  const samples = r.dueMs.map((due, i) => ({ at: due, value: r.latenciesMs[i]! }));
  return statsBySlice(samples, windowMs).map((s, i) => ({
    fromS: (i * windowMs) / 1000,
    count: s.count,
    p99: s.p99,
  }));
}
