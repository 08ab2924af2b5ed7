import assert from "node:assert/strict";
import { parseRetrySchedule } from "@hire/webhooks";
import { counterChanges, disableReason, nextStep, shouldDisable } from "./after_attempt.ts";

const rungs = parseRetrySchedule("1m,5m,30m,2h,12h");
const now = new Date("2026-01-01T00:00:00Z");

Deno.test("a failed first attempt waits on the first rung", () => {
  const step = nextStep({ attempt: 1, trigger: "event" }, rungs, now);
  assert.equal(step.kind, "retry");
  if (step.kind !== "retry") return;
  assert.equal(step.attempt, 2);
  assert.equal(step.rung.label, "1m");
  assert.equal(step.dueAt.toISOString(), "2026-01-01T00:01:00.000Z");
});

Deno.test("attempt n + 1 waits on rung n; after the last rung the delivery is dead", () => {
  const labels = [1, 2, 3, 4, 5].map((attempt) => {
    const step = nextStep({ attempt, trigger: attempt === 1 ? "event" : "retry" }, rungs, now);
    return step.kind === "retry" ? step.rung.label : step.kind;
  });
  assert.deepEqual(labels, ["1m", "5m", "30m", "2h", "12h"]);
  assert.deepEqual(nextStep({ attempt: 6, trigger: "retry" }, rungs, now), { kind: "dead" });
  const twelveHours = nextStep({ attempt: 5, trigger: "retry" }, rungs, now);
  assert.equal(
    twelveHours.kind === "retry" && twelveHours.dueAt.getTime() - now.getTime(),
    12 * 3600_000,
  );
});

Deno.test("a manual redelivery is not retried", () => {
  assert.deepEqual(nextStep({ attempt: 1, trigger: "redeliver" }, rungs, now), { kind: "none" });
  assert.deepEqual(nextStep({ attempt: 9, trigger: "redeliver" }, rungs, now), { kind: "none" });
});

Deno.test("a test event is not retried", () => {
  assert.deepEqual(nextStep({ attempt: 1, trigger: "test" }, rungs, now), { kind: "none" });
});

Deno.test("counter changes: failures add, a 2xx resets, order matters", () => {
  const changes = counterChanges([
    { webhookId: "a", ok: false, trigger: "event" },
    { webhookId: "b", ok: false, trigger: "event" },
    { webhookId: "a", ok: true, trigger: "retry" },
    { webhookId: "a", ok: false, trigger: "event" },
    { webhookId: "b", ok: false, trigger: "redeliver" },
    { webhookId: "c", ok: true, trigger: "event" },
  ]);
  assert.deepEqual(changes.get("a"), { reset: true, add: 1 });
  assert.deepEqual(changes.get("b"), { reset: false, add: 2 });
  assert.deepEqual(changes.get("c"), { reset: true, add: 0 });
});

Deno.test("counter changes: test events neither add a failure nor reset the count", () => {
  const changes = counterChanges([
    { webhookId: "a", ok: false, trigger: "event" },
    { webhookId: "a", ok: true, trigger: "test" },
    { webhookId: "a", ok: false, trigger: "test" },
    { webhookId: "t", ok: false, trigger: "test" },
  ]);
  assert.deepEqual(changes.get("a"), { reset: false, add: 1 });
  assert.equal(changes.has("t"), false);
});

Deno.test("disabled at 5 consecutive failures or more, with the reason", () => {
  assert.equal(shouldDisable(4, 5), false);
  assert.equal(shouldDisable(5, 5), true);
  assert.equal(shouldDisable(12, 5), true);
  assert.equal(
    disableReason(6, "HTTP 503"),
    "6 consecutive failed deliveries after the retry schedule was exhausted; the last: HTTP 503",
  );
  assert.doesNotMatch(disableReason(5, null), /last/);
});
