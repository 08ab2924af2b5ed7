/**
 * Late background work gives way to the API. `nice` only reaches the embedding process's
 * own threads; the writes, matches and webhooks each embedded text causes run in Postgres,
 * Kafka, matching and delivery at full priority. So before each chunk of late work (texts
 * that have already waited long: a backlog after a burst, an outage, a restart) the
 * pipeline asks how busy the API is (the CPU its processes announce, `@hire/load`). Fresh
 * work is never asked about: a new job is matched within a second however busy the API.
 *
 * A caller that holds nothing while it waits (the retry sweeper) waits while the API is
 * above the threshold, asking again every probe, and after the longest wait goes on small,
 * so an API busy for good still lets the backlog drain slowly instead of never. A caller
 * that would hold its consumer's partitions while it waited is told to defer instead: it
 * hands the late work to the sweeper and goes on to the fresh work behind it.
 * @module
 */

/**
 * How a chunk of late work was let through: at once or once the API was quiet, after the
 * longest wait (small), or not at all (deferred to the sweeper).
 */
export type Pace = "free" | "yielded" | "deferred";

/** What chunks of background work ask before they start. */
export interface YieldGate {
  /** Work that has waited at least this long (ms) is late; only late work is held. */
  readonly lateAfterMs: number;
  /**
   * Asks to start a chunk of late work. `canWait: false` (a consumer holding partitions)
   * is answered "deferred" at once while the API is busy.
   */
  admitLate(canWait: boolean): Promise<Pace>;
}

/** No gate: nothing is late, nothing waits. */
export const noGate: YieldGate = {
  lateAfterMs: Infinity,
  admitLate: () => Promise.resolve("free"),
};

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
export function yieldGate(opts: YieldGateOptions): YieldGate {
  const now = opts.now ?? (() => performance.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let yielding = false;

  const verdict = (pace: Pace, seen: number): Pace => {
    const nowYielding = pace !== "free";
    if (nowYielding !== yielding) opts.onChange?.(nowYielding, seen);
    yielding = nowYielding;
    return pace;
  };

  return {
    lateAfterMs: opts.lateAfterMs,
    async admitLate(canWait) {
      const first = opts.readLoad();
      if (first <= opts.threshold) return verdict("free", first);
      if (!canWait) return verdict("deferred", first);
      const started = now();
      for (;;) {
        await sleep(opts.probeMs);
        const seen = opts.readLoad();
        if (seen <= opts.threshold) return verdict("free", seen);
        if (now() - started >= opts.maxWaitMs) return verdict("yielded", seen);
      }
    },
  };
}
