/**
 * A fix to kafkajs 2.2.4 at the line that prints "TimeoutNegativeWarning: -17… is a
 * negative number" when any process starts. After every answered request, each broker
 * connection's request queue arms a timer to look at its pending requests again in
 * `throttledUntil - Date.now()` ms. While the broker is not throttling us `throttledUntil`
 * is -1, so the delay is minus the current time: Node 24's timers, which Deno's follow,
 * print the warning and clamp the delay to 1 ms, and since the check re-arms itself, every
 * connection wakes up every millisecond for as long as it lives (about 5 % of a core for
 * one idle admin client). No client setting avoids the path, and upstream has not released
 * a fix (tulios/kafkajs#1751), so the queue's method is replaced by one that arms the timer
 * only when there is something to look at.
 * @module
 */
import RequestQueue from "kafkajs/src/network/requestQueue/index.js";

/** The request queue's fields the method reads and writes (kafkajs keeps them public). */
export interface PendingCheckState {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
}

// kafkajs's own interval for re-checking requests held back by the in-flight limit.
const CHECK_PENDING_REQUESTS_INTERVAL = 10;

/**
 * kafkajs's `scheduleCheckPendingRequests` without the empty re-check: a timer is armed when
 * requests wait (at the end of a throttle, or soon when only the in-flight limit holds them)
 * or while a throttle lasts, never with a negative delay.
 */
export function scheduleCheckPendingRequests(this: PendingCheckState): void {
  if (this.throttleCheckTimeoutId) return;
  const throttledFor = this.throttledUntil - Date.now();
  if (this.pending.length === 0 && throttledFor <= 0) return;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, throttledFor > 0 ? throttledFor : CHECK_PENDING_REQUESTS_INTERVAL);
}

let installed = false;

/** Installs the fix into kafkajs's request queue (once; later calls do nothing). */
export function installPendingCheckFix(): void {
  if (installed) return;
  const proto = (RequestQueue as { prototype?: Record<string, unknown> }).prototype;
  // A kafkajs upgrade that moves or renames the method must not pass silently.
  if (typeof proto?.scheduleCheckPendingRequests !== "function") {
    throw new Error("kafkajs's RequestQueue.scheduleCheckPendingRequests is gone: recheck the fix");
  }
  proto.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  installed = true;
}
