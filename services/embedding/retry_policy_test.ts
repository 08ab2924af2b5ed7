import assert from "node:assert/strict";
import { afterFailure, type RetryPolicy } from "./retry_policy.ts";

const POLICY: RetryPolicy = { maxAttempts: 5, baseMs: 1000, capMs: 30_000 };
const NOW = new Date("2026-01-01T00:00:00.000Z");
const at = (ms: number) => ({ retryAt: new Date(NOW.getTime() + ms) });

Deno.test("afterFailure doubles the ceiling with each attempt (full jitter at its top)", () => {
  const top = { retriable: true, random: () => 1 };
  assert.deepEqual(afterFailure(1, NOW, POLICY, top), at(1000));
  assert.deepEqual(afterFailure(2, NOW, POLICY, top), at(2000));
  assert.deepEqual(afterFailure(3, NOW, POLICY, top), at(4000));
  assert.deepEqual(afterFailure(4, NOW, POLICY, top), at(8000));
});

Deno.test("afterFailure caps the delay", () => {
  const policy = { ...POLICY, maxAttempts: 20 };
  assert.deepEqual(
    afterFailure(10, NOW, policy, { retriable: true, random: () => 1 }),
    at(30_000),
  );
});

Deno.test("afterFailure never retries sooner than half the base delay", () => {
  assert.deepEqual(
    afterFailure(3, NOW, POLICY, { retriable: true, random: () => 0 }),
    at(500),
  );
});

Deno.test("afterFailure gives up once the attempts are used up", () => {
  assert.deepEqual(
    afterFailure(5, NOW, POLICY, { retriable: true, random: () => 1 }),
    { giveUp: true },
  );
});

Deno.test("afterFailure gives up at once on a permanent failure", () => {
  assert.deepEqual(afterFailure(1, NOW, POLICY, { retriable: false }), {
    giveUp: true,
  });
});
