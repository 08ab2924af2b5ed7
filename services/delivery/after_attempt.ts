/**
 * What follows an attempt, decided without I/O: the next rung of the ladder or the dead
 * letter topic for a failure, and how each webhook's count of consecutive failures moves.
 * @module
 */
import type { DeliveryTrigger, RetryRung } from "@hire/webhooks";

/** After a failed attempt. */
export type NextStep =
  /** Attempt again when due, from the rung's topic. */
  | { kind: "retry"; attempt: number; rung: RetryRung; dueAt: Date }
  /** The schedule is exhausted: to the dead letter topic. */
  | { kind: "dead" }
  /**
   * A redelivery or a test event is one attempt: the partner asked for it and sees its
   * outcome.
   */
  | { kind: "none" };

/**
 * The step after a failure of attempt `attempt` (1 is the first): attempt `n + 1` waits on
 * rung `n`; after the last rung the delivery is dead.
 */
export function nextStep(
  failed: { attempt: number; trigger: DeliveryTrigger },
  rungs: readonly RetryRung[],
  now: Date,
): NextStep {
  if (failed.trigger === "redeliver" || failed.trigger === "test") return { kind: "none" };
  const rung = rungs[failed.attempt - 1];
  if (!rung) return { kind: "dead" };
  return {
    kind: "retry",
    attempt: failed.attempt + 1,
    rung,
    dueAt: new Date(now.getTime() + rung.delayMs),
  };
}

/** How a batch of outcomes moves one webhook's consecutive-failure count. */
export interface CounterChange {
  /** A 2xx came after the count was last read: start from zero. */
  reset: boolean;
  /** Failures to add (after the reset, if any). */
  add: number;
}

/**
 * Folds outcomes, in the order the attempts finished, into one change per webhook: a 2xx
 * resets the count, each failure after it adds one. Test events count neither way: they
 * say how an endpoint answers an example, not whether the partner's events reach it.
 */
export function counterChanges(
  outcomes: readonly { webhookId: string; ok: boolean; trigger: DeliveryTrigger }[],
): Map<string, CounterChange> {
  const changes = new Map<string, CounterChange>();
  for (const o of outcomes) {
    if (o.trigger === "test") continue;
    const c = changes.get(o.webhookId) ?? { reset: false, add: 0 };
    changes.set(o.webhookId, o.ok ? { reset: true, add: 0 } : { reset: c.reset, add: c.add + 1 });
  }
  return changes;
}

/**
 * The spec's rule: a webhook is disabled when one of its events has exhausted the schedule
 * and it has failed at least `threshold` times in a row.
 */
export function shouldDisable(consecutiveFailures: number, threshold: number): boolean {
  return consecutiveFailures >= threshold;
}

/** The reason recorded on a disabled webhook and sent to the partner's admins. */
export function disableReason(failures: number, lastError: string | null): string {
  const last = lastError ? `; the last: ${lastError}` : "";
  return `${failures} consecutive failed deliveries after the retry schedule was exhausted${last}`;
}
