/**
 * Late background work gives way to the API. `nice` only reaches the embedding process's
 * own threads; the writes, matches and webhooks each embedded text causes run in Postgres,
 * Kafka, matching and delivery at full priority. So before each chunk the pipeline asks
 * how long its oldest text has waited and how busy the API is (the CPU its processes
 * announce, `@hire/load`). Fresh work goes at once: a new job is matched within a second
 * however busy the API. Work that has already waited long (a backlog: a burst, an outage,
 * a restart) waits while the API is above the threshold, asking again every probe, and
 * after the longest wait goes on small, so an API busy for good still lets the backlog
 * drain slowly instead of never.
 * @module
 */

/** How a chunk was let through: at once or once the API was quiet, or after the longest wait. */
export type Pace = "free" | "yielded";

/** Asks to start a chunk of background work whose oldest text has waited `waitedMs`. */
export type Admit = (waitedMs: number) => Promise<Pace>;

/** Lets everything through at once: no gate. */
export const admitAlways: Admit = () => Promise.resolve("free");

/** The gate's rule and what it reads the API's load with. */
export interface YieldGateOptions {
  /** Load (share of one core the API's processes use together) above which late work waits. */
  threshold: number;
  /** Work that has waited less than this is never held. */
  lateAfterMs: number;
  /** Longest wait for a chunk; then it goes on, small. */
  maxWaitMs: number;
  /** Time between looks at the load while waiting. */
  probeMs: number;
  /** The API's load now. */
  readLoad: () => number;
  /** Told when the gate starts and stops holding work back, with the load seen. */
  onChange?: (yielding: boolean, load: number) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** The gate. */
export function yieldGate(opts: YieldGateOptions): Admit {
  const now = opts.now ?? (() => performance.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let yielding = false;

  const verdict = (pace: Pace, seen: number): Pace => {
    const nowYielding = pace === "yielded";
    if (nowYielding !== yielding) opts.onChange?.(nowYielding, seen);
    yielding = nowYielding;
    return pace;
  };

  return async (waitedMs) => {
    if (waitedMs < opts.lateAfterMs) return "free";
    const first = opts.readLoad();
    if (first <= opts.threshold) return verdict("free", first);
    const started = now();
    for (;;) {
      await sleep(opts.probeMs);
      const seen = opts.readLoad();
      if (seen <= opts.threshold) return verdict("free", seen);
      if (now() - started >= opts.maxWaitMs) return verdict("yielded", seen);
    }
  };
}
