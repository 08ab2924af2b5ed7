import assert from "node:assert/strict";
import { BACKOFF, nextStep, retriable, retryAfterMs } from "./retry.ts";

const at = { attempt: 1, retryAfter: null, now: 0, giveUpAt: 60_000 };

Deno.test("retry: a 2xx is done, another 4xx refused, the rest retried", () => {
  assert.deepEqual(nextStep(201, at), { action: "done" });
  assert.deepEqual(nextStep(200, at), { action: "done" });
  for (const status of [400, 401, 404, 422]) {
    assert.deepEqual(nextStep(status, at), { action: "refused" }, String(status));
  }
  for (const status of [409, 429, 500, 502, 503, 504, "connection", "timeout"] as const) {
    assert.ok(retriable(status), String(status));
    assert.equal(nextStep(status, at).action, "retry", String(status));
  }
});

Deno.test("retry: the delay doubles per attempt up to the cap, with jitter of half to all", () => {
  const delay = (attempt: number, random: number) => {
    const next = nextStep(503, { ...at, attempt }, () => random);
    assert.equal(next.action, "retry");
    return (next as { delayMs: number }).delayMs;
  };
  assert.equal(delay(1, 0), BACKOFF.baseMs / 2);
  assert.equal(delay(1, 0.999999), BACKOFF.baseMs);
  assert.equal(delay(3, 0.999999), BACKOFF.baseMs * 4);
  assert.equal(delay(20, 0.999999), BACKOFF.capMs);
});

Deno.test("retry: never sooner than Retry-After, in seconds or as an HTTP date", () => {
  const next = nextStep(503, { ...at, retryAfter: "5" }, () => 0);
  assert.deepEqual(next, { action: "retry", delayMs: 5000 });
  assert.equal(retryAfterMs(new Date(12_000).toUTCString(), 2000), 10_000);
  assert.equal(retryAfterMs("soon", 0), 0);
  assert.equal(retryAfterMs(null, 0), 0);
});

Deno.test("retry: gives up when the next try would start after the give-up time", () => {
  assert.deepEqual(
    nextStep("timeout", { ...at, now: 59_000, retryAfter: "5" }),
    { action: "give_up" },
  );
});
