/**
 * How the suite's clients retry, as docs/api.md tells a partner to: the same request (and
 * Idempotency-Key) again after a 503, a 409 `idempotency_in_progress`, a 429, any other 5xx,
 * a connection error or a timeout; never after another 4xx. The delay is exponential with
 * jitter, and never shorter than the server's `Retry-After`. Pure, so it is unit-tested.
 * @module
 */
import type { AnswerStatus } from "./ledger.ts";

/** Backoff of the first retry, and its cap. */
export const BACKOFF = { baseMs: 250, capMs: 5000 };

/** What the client does after an attempt. */
export type Next =
  | { action: "done" }
  | { action: "refused" }
  | { action: "retry"; delayMs: number }
  | { action: "give_up" };

/** Whether an attempt's answer is worth the same request again. */
export function retriable(status: AnswerStatus): boolean {
  if (typeof status !== "number") return true;
  return status === 409 || status === 429 || status >= 500;
}

/** Milliseconds a `Retry-After` value (seconds or an HTTP date) asks for; 0 when absent or bad. */
export function retryAfterMs(value: string | null, now: number): number {
  if (!value) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/**
 * The decision after attempt number `attempt` (1-based) answered `status`, at `now`; the
 * operation is given up when the next try would start after `giveUpAt`. `random` is in
 * [0, 1): the jitter, half to all of the exponential delay.
 */
export function nextStep(
  status: AnswerStatus,
  opts: { attempt: number; retryAfter: string | null; now: number; giveUpAt: number },
  random: () => number = Math.random,
): Next {
  if (typeof status === "number" && status >= 200 && status < 300) return { action: "done" };
  if (!retriable(status)) return { action: "refused" };
  const exponential = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** (opts.attempt - 1));
  const delayMs = Math.max(
    retryAfterMs(opts.retryAfter, opts.now),
    Math.round(exponential * (0.5 + random() / 2)),
  );
  if (opts.now + delayMs > opts.giveUpAt) return { action: "give_up" };
  return { action: "retry", delayMs };
}
