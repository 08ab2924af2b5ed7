/**
 * Background work that gives way to the API. `nice` only reaches the embedding process's
 * own threads; the writes, matches and webhooks each embedded text causes run in Postgres,
 * Kafka, matching and delivery at full priority. So before each chunk the pipeline looks at
 * the CPU's pressure (the share of time some task waited for a core): while the machine
 * has more work than cores, it waits, looking again every probe, and after the longest wait
 * goes on with a small chunk, so a machine busy for good still drains its backlog slowly
 * instead of never.
 * @module
 */

/** How a chunk was let through: at once or once the machine was free, or after the longest wait. */
export type Pace = "free" | "yielded";

/** Asks to start a chunk of background work. */
export type Admit = () => Promise<Pace>;

/** Lets everything through at once: no gate. */
export const admitAlways: Admit = () => Promise.resolve("free");

/** The gate's rule and what it reads the machine with. */
export interface YieldGateOptions {
  /** Pressure (0–1, share of time with a task waiting for a core) above which work waits. */
  threshold: number;
  /** Longest wait for a chunk; then it goes on, small. */
  maxWaitMs: number;
  /** Length of each look at the machine while waiting; shorter intervals are not judged. */
  probeMs: number;
  /** The cumulative stall in microseconds (`readCpuStallUs`); null: not known, nothing waits. */
  readStallUs: () => Promise<number | null>;
  /** Told when the gate starts and stops holding work back, with the pressure seen. */
  onChange?: (yielding: boolean, pressure: number) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The gate. The pressure is judged over the time since the previous look, at least a
 * probe long: the first chunk after a quiet spell goes at once, and one that follows
 * another within a probe is judged as that one was.
 */
export function yieldGate(opts: YieldGateOptions): Admit {
  const now = opts.now ?? (() => performance.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let last: { at: number; stallUs: number } | undefined;
  let pressure = 0;
  let yielding = false;

  const look = async (): Promise<number | null> => {
    const stallUs = await opts.readStallUs();
    if (stallUs === null) return null;
    const at = now();
    if (last && at - last.at < opts.probeMs) return pressure;
    if (last) pressure = Math.max(0, stallUs - last.stallUs) / ((at - last.at) * 1000);
    last = { at, stallUs };
    return pressure;
  };
  const verdict = (pace: Pace, seen: number): Pace => {
    const nowYielding = pace === "yielded";
    if (nowYielding !== yielding) opts.onChange?.(nowYielding, seen);
    yielding = nowYielding;
    return pace;
  };

  return async () => {
    const first = await look();
    if (first === null || first <= opts.threshold) return verdict("free", first ?? 0);
    const started = now();
    for (;;) {
      await sleep(opts.probeMs);
      const seen = await look();
      if (seen === null || seen <= opts.threshold) return verdict("free", seen ?? 0);
      if (now() - started >= opts.maxWaitMs) return verdict("yielded", seen);
    }
  };
}
