/**
 * How long the Kafka broker's JVM stood still over a span of wall-clock time, from the
 * safepoint lines of the log it writes (`brokerGcLog`, deploy/local/kafka.ts). Every create
 * passes through the broker twice, so while its JVM is stopped (a collection, mostly) every
 * create in flight waits: on 2026-12-01's eighth machine G1 stopped it for 14–83 ms every
 * 6–15 s under load, about 1% of the time, where a p99 lies.
 * @module
 */

/** The broker's stops that ended within a span. */
export interface BrokerPauses {
  /** Safepoints (every stop of the JVM's threads, collections among them). */
  count: number;
  /** All of them together, ms. */
  totalMs: number;
  /** Those of more than 5 ms. */
  over5Ms: number;
  longestMs: number;
}

// [2026-12-01T12:01:33.806+0000][261.400s] Safepoint "G1PauseRemark", Time since last: 153571920 ns,
// Reaching safepoint: 11842 ns, Cleanup: 17554 ns, At safepoint: 46081451 ns, Total: 46110847 ns
// "Total" counts from the request to stop to the threads' release: the time they stood still.
const SAFEPOINT = /^\[([0-9T:.+-]+)\].*\bSafepoint "[^"]*".*\bTotal: (\d+) ns/;

/** The stops logged (each at its end) from `fromMs` to `toMs`, epoch milliseconds. */
export function brokerPauses(log: string, fromMs: number, toMs: number): BrokerPauses {
  const pauses: number[] = [];
  for (const line of log.split("\n")) {
    const m = SAFEPOINT.exec(line);
    if (!m) continue;
    const at = Date.parse(m[1]!);
    if (at >= fromMs && at <= toMs) pauses.push(Number(m[2]) / 1e6);
  }
  return {
    count: pauses.length,
    totalMs: round1(pauses.reduce((a, b) => a + b, 0)),
    over5Ms: pauses.filter((ms) => ms > 5).length,
    longestMs: round1(Math.max(0, ...pauses)),
  };
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** The same from the log file at `path`; undefined when there is none (an older broker). */
export async function readBrokerPauses(
  path: string,
  fromMs: number,
  toMs: number,
): Promise<BrokerPauses | undefined> {
  const log = await Deno.readTextFile(path).catch(() => undefined);
  return log === undefined ? undefined : brokerPauses(log, fromMs, toMs);
}

/** A phase's stops as a report's sentence. */
export function brokerPausesText(p: BrokerPauses): string {
  return `${p.totalMs} ms in all over ${p.count} stops, ${p.over5Ms} of them over 5 ms, ` +
    `the longest ${p.longestMs} ms`;
}
