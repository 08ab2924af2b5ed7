/**
 * The webhook retry ladder: the delays after which a failed delivery is attempted again,
 * one Kafka retry topic per rung (`webhooks.retry.1m`, …). Configured as
 * `WEBHOOK_RETRY_SCHEDULE` so tests can run the whole ladder in seconds. The topics'
 * settings are declared with every other topic's in `@hire/topology`.
 * @module
 */

/** The spec's schedule: 1 minute, 5 minutes, 30 minutes, 2 hours, 12 hours. */
export const DEFAULT_RETRY_SCHEDULE = "1m,5m,30m,2h,12h";

/** One rung of the ladder. */
export interface RetryRung {
  /** As written, e.g. `30m`; it names the rung's topic. */
  label: string;
  delayMs: number;
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/**
 * Parses `1m,5m,30m,2h,12h` (units s, m, h; whole numbers; non-decreasing). Throws with a
 * message naming the bad entry, for the start-up configuration check.
 */
export function parseRetrySchedule(text: string): RetryRung[] {
  const entries = text.split(",").map((e) => e.trim());
  if (entries.length === 0 || entries.some((e) => e === "")) {
    throw new Error(`retry schedule "${text}": list delays like 1m,5m,30m,2h,12h`);
  }
  const rungs = entries.map((label) => {
    const m = /^([1-9][0-9]{0,5})([smh])$/.exec(label);
    if (!m) throw new Error(`retry schedule: "${label}" is not a delay like 30s, 5m or 2h`);
    return { label, delayMs: Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] };
  });
  rungs.forEach((r, i) => {
    if (i > 0 && r.delayMs < rungs[i - 1]!.delayMs) {
      throw new Error(
        `retry schedule: "${r.label}" is shorter than "${rungs[i - 1]!.label}" before it`,
      );
    }
  });
  if (new Set(rungs.map((r) => r.label)).size !== rungs.length) {
    throw new Error("retry schedule: each delay may appear once (it names a topic)");
  }
  return rungs;
}

/** The topic of a rung, e.g. `webhooks.retry.30m`. */
export function retryTopic(rung: RetryRung, prefix = "webhooks.retry"): string {
  return `${prefix}.${rung.label}`;
}
