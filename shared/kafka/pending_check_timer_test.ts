import assert from "node:assert/strict";
import process from "node:process";
import { createKafka } from "./client.ts";
import { type PendingCheckState, scheduleCheckPendingRequests } from "./pending_check_timer.ts";

function queueState(fields: Partial<PendingCheckState>): PendingCheckState & { checks: number } {
  const state = {
    pending: [],
    throttledUntil: -1,
    throttleCheckTimeoutId: null,
    checks: 0,
    checkPendingRequests() {
      state.checks++;
    },
    ...fields,
  };
  return state;
}

Deno.test("pending check: nothing waiting and no throttle arms no timer", () => {
  const state = queueState({});
  scheduleCheckPendingRequests.call(state);
  assert.equal(state.throttleCheckTimeoutId, null);
});

Deno.test("pending check: waiting requests are looked at again soon, throttled ones when it ends", async () => {
  const held = queueState({ pending: [{}] });
  scheduleCheckPendingRequests.call(held);
  assert.notEqual(held.throttleCheckTimeoutId, null);
  const throttled = queueState({ pending: [{}], throttledUntil: Date.now() + 30 });
  scheduleCheckPendingRequests.call(throttled);
  await new Promise((r) => setTimeout(r, 15));
  assert.equal(held.checks, 1);
  assert.equal(throttled.checks, 0);
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(throttled.checks, 1);
  assert.equal(throttled.throttleCheckTimeoutId, null);
});

Deno.test("a Kafka client prints no TimeoutNegativeWarning", async () => {
  const warnings: string[] = [];
  const listener = (w: Error) => void warnings.push(`${w.name}: ${w.message}`);
  process.on("warning", listener);
  const admin = createKafka({
    brokers: (Deno.env.get("KAFKA_BROKERS") ?? "127.0.0.1:9092").split(","),
    clientId: "timer-test",
  }).admin();
  try {
    await admin.connect();
    await admin.listTopics();
    await admin.describeCluster();
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    await admin.disconnect();
    process.off("warning", listener);
  }
  assert.deepEqual(warnings.filter((w) => w.startsWith("TimeoutNegativeWarning")), []);
});
