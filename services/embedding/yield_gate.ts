/**
 * Late background work gives way to the API. `nice` only reaches the embedding process's
 * own threads; the writes, matches and webhooks each embedded text causes run in Postgres,
 * Kafka, matching and delivery at full priority. So before each chunk of late work (texts
 * that have already waited long: a backlog after a burst, an outage, a restart) the
 * pipeline asks how busy the API is (the CPU its processes announce, `@hire/load`). Fresh
 * work is not asked about: a new job is matched within a second however busy the API,
 * except during a burst. While texts arrive faster than the configured rate, more than
 * the pipeline follows, embedding the newest at once only moves the API's loss forward:
 * they would mostly wait behind each other anyway. So during a burst all work is late.
 *
 * A caller that holds nothing while it waits (the retry sweeper) waits while the API is
 * busy (above the threshold, and once held, until it is at half of it or less), asking
 * again every probe, and after the longest wait goes on small, so an API busy for good
 * still lets the backlog drain slowly instead of never. A caller
 * that would hold its consumer's partitions while it waited is told to defer instead: it
 * hands the late work to the sweeper and goes on to the fresh work behind it.
 * @module
 */
import { slidingCount } from "@hire/queue";

/**
 * How a chunk of late work was let through: at once or once the API was quiet, after the
 * longest wait (small), or not at all (deferred to the sweeper).
 */
export type Pace = "free" | "yielded" | "deferred";

/** What chunks of background work ask before they start. */
export interface YieldGate {
  /**
   * Work that has waited at least this long (ms) is late; only late work is held. During a
   * burst, 0: all of it.
   */
  lateAfterMs(): number;
  /** Counts texts that arrived to be embedded (not retries): what tells a burst. */
  arrived(n: number): void;
  /**
   * Asks to start a chunk of late work. `canWait: false` (a consumer holding partitions)
   * is answered "deferred" at once while the API is busy.
   */
  admitLate(canWait: boolean): Promise<Pace>;
}

/** No gate: nothing is late, nothing waits. */
export const noGate: YieldGate = {
  lateAfterMs: () => Infinity,
  arrived: () => {},
  admitLate: () => Promise.resolve("free"),
};

/**
 * Arrivals are counted over this span: one fetch of a few hundred texts (a partner's bulk
 * create) is no burst; a flow kept up for seconds is.
 */
export const BURST_SPAN_MS = 5000;

/**
 * The shortest span arrivals are counted over. A gate just made (the service started) has
 * watched for less than {@link BURST_SPAN_MS}, and counts over what it watched: a restart finds
 * the texts that waited in its partitions and takes them in within a second, a burst, which
 * counted over a span it had not watched looked like a bulk create (the first 119 texts of
 * 6,000 went at once while the API was busy, on 2026-12-02's second machine). At least a
 * second, so a bulk create of a hundred jobs just after a start is still none.
 */
export const BURST_SPAN_MIN_MS = 1000;

/**
 * Once the gate holds work back, the API counts as quiet again only at this share of the
 * threshold or less. An API whose load sits at the threshold (27–52% of a core against 30% at 200
 * creates/s on 2026-12-01's eleventh machine) otherwise let every other chunk through at full
 * speed, and the pipeline ran as if there were no gate.
 */
export const RELEASE_SHARE = 0.5;

/** The gate's rule and what it reads the API's load with. */
export interface YieldGateOptions {
  /** Load (share of one core the API's processes use together) above which late work waits. */
  threshold: number;
  /** Work that has waited less than this is never held, except during a burst. */
  lateAfterMs: number;
  /**
   * Texts a second (arrived over the last {@link BURST_SPAN_MS}) above which all work is
   * late; 0: no burst.
   */
  burstPerSecond: number;
  /** Longest wait for a chunk; then it goes on, small. */
  maxWaitMs: number;
  /** Time between looks at the load while waiting. */
  probeMs: number;
  /** The API's load now. */
  readLoad: () => number;
  /** Told when the gate starts and stops holding work back, with the load seen. */
  onChange?: (yielding: boolean, load: number) => void;
  /** Told when a burst starts and ends, with the arrivals a second seen. */
  onBurst?: (bursting: boolean, perSecond: number) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** The gate. */
export function yieldGate(opts: YieldGateOptions): YieldGate {
  const now = opts.now ?? (() => performance.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let yielding = false;
  const arrivals = slidingCount(BURST_SPAN_MS);
  const watchedFrom = now();
  let bursting = false;

  const quiet = (load: number) => load <= opts.threshold * (yielding ? RELEASE_SHARE : 1);
  const verdict = (pace: Pace, seen: number): Pace => {
    const nowYielding = pace !== "free";
    if (nowYielding !== yielding) opts.onChange?.(nowYielding, seen);
    yielding = nowYielding;
    return pace;
  };

  return {
    lateAfterMs() {
      const at = now();
      const spanMs = Math.min(BURST_SPAN_MS, Math.max(BURST_SPAN_MIN_MS, at - watchedFrom));
      const perSecond = arrivals.total(at) * 1000 / spanMs;
      const burst = opts.burstPerSecond > 0 && perSecond > opts.burstPerSecond;
      if (burst !== bursting) opts.onBurst?.(burst, perSecond);
      bursting = burst;
      return burst ? 0 : opts.lateAfterMs;
    },
    arrived(n) {
      if (n > 0) arrivals.add(n, now());
    },
    async admitLate(canWait) {
      const first = opts.readLoad();
      if (quiet(first)) return verdict("free", first);
      if (!canWait) return verdict("deferred", first);
      const started = now();
      for (;;) {
        await sleep(opts.probeMs);
        const seen = opts.readLoad();
        if (quiet(seen)) return verdict("free", seen);
        if (now() - started >= opts.maxWaitMs) return verdict("yielded", seen);
      }
    },
  };
}
