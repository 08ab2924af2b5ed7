import assert from "node:assert/strict";
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule, retryTopic } from "./retry_schedule.ts";

Deno.test("parseRetrySchedule reads the spec's default ladder", () => {
  assert.deepEqual(parseRetrySchedule(DEFAULT_RETRY_SCHEDULE), [
    { label: "1m", delayMs: 60_000 },
    { label: "5m", delayMs: 300_000 },
    { label: "30m", delayMs: 1_800_000 },
    { label: "2h", delayMs: 7_200_000 },
    { label: "12h", delayMs: 43_200_000 },
  ]);
});

Deno.test("parseRetrySchedule accepts seconds and spaces, for fast test ladders", () => {
  assert.deepEqual(parseRetrySchedule(" 1s, 2s ,3s").map((r) => r.delayMs), [1000, 2000, 3000]);
});

Deno.test("parseRetrySchedule refuses bad entries, decreasing delays and repeats", () => {
  for (const bad of ["", "1m,,5m", "5", "1d", "0s", "1.5m", "-1m", "5m,1m", "1m,1m", "m"]) {
    assert.throws(() => parseRetrySchedule(bad), Error, bad);
  }
});

Deno.test("retryTopic names a rung's topic after its label", () => {
  const [first] = parseRetrySchedule("30m");
  assert.equal(retryTopic(first!), "webhooks.retry.30m");
  assert.equal(retryTopic(first!, "test.webhooks.retry"), "test.webhooks.retry.30m");
});
