import assert from "node:assert/strict";
import { stageFigures, type Timeline, timelines } from "./stages.ts";

Deno.test("timelines join sends, first arrivals and logged attempts, leaving out the unmatched", () => {
  const sent = new Map([["evt_1", { sentAt: 1000 }], ["evt_2", { sentAt: 2000 }]]);
  const arrivals = new Map([["w1 evt_1", 1030], ["w2 evt_1", 1050], ["w1 evt_2", 2040]]);
  const logged = [
    { webhook: "w1", eventId: "evt_1", queuedAt: 1010, attemptedAt: 1020 },
    { webhook: "w2", eventId: "evt_1", queuedAt: 1010, attemptedAt: 1045 },
    // The warm-up's event: logged and arrived, but not one of the scenario's.
    { webhook: "w1", eventId: "evt_warm", queuedAt: 10, attemptedAt: 20 },
    // Logged, never arrived.
    { webhook: "w2", eventId: "evt_2", queuedAt: 2010, attemptedAt: 2020 },
  ];
  assert.deepEqual(timelines(sent, arrivals, logged), [
    { sentAt: 1000, queuedAt: 1010, attemptedAt: 1020, receivedAt: 1030 },
    { sentAt: 1000, queuedAt: 1010, attemptedAt: 1045, receivedAt: 1050 },
  ]);
});

const at = (sentAt: number, fanOut: number, attempt: number, request: number): Timeline => ({
  sentAt,
  queuedAt: sentAt + fanOut,
  attemptedAt: sentAt + fanOut + attempt,
  receivedAt: sentAt + fanOut + attempt + request,
});

Deno.test("stageFigures: each part's percentiles, and its means over all and over the tail", () => {
  // 19 deliveries of 10 ms (5 + 3 + 2) and one of 100 ms, whose time went to the claim.
  const ts = [...Array.from({ length: 19 }, (_, i) => at(i * 10, 5, 3, 2)), at(500, 6, 90, 4)];
  const f = stageFigures(ts);
  assert.deepEqual(f.to_fan_out_ms, { count: 20, p50: 5, p95: 5, p99: 6, max: 6 });
  assert.deepEqual(f.to_attempt_ms, { count: 20, p50: 3, p95: 3, p99: 90, max: 90 });
  assert.deepEqual(f.request_ms, { count: 20, p50: 2, p95: 2, p99: 4, max: 4 });
  assert.deepEqual(f.all, { count: 20, to_fan_out_ms: 5.1, to_attempt_ms: 7.4, request_ms: 2.1 });
  // The whole's p95 is 10 ms (nearest rank 19 of 20): the tail holds every delivery from it.
  assert.deepEqual(f.tail, {
    from_ms: 10,
    count: 20,
    to_fan_out_ms: 5.1,
    to_attempt_ms: 7.4,
    request_ms: 2.1,
  });
});

Deno.test("stageFigures: the tail is the deliveries at or above the whole's p95", () => {
  // 18 of 10 ms, then two of 200 ms (the slowest 10%, so the p95 is theirs) that waited on
  // the broker, not on the claim.
  const ts = [
    ...Array.from({ length: 18 }, (_, i) => at(i, 4, 4, 2)),
    at(50, 190, 6, 4),
    at(60, 180, 14, 6),
  ];
  const f = stageFigures(ts);
  assert.deepEqual(f.tail, {
    from_ms: 200,
    count: 2,
    to_fan_out_ms: 185,
    to_attempt_ms: 10,
    request_ms: 5,
  });
});

Deno.test("stageFigures of no deliveries is NaN throughout, not a throw", () => {
  const f = stageFigures([]);
  assert.equal(f.all.count, 0);
  assert.ok(Number.isNaN(f.all.to_attempt_ms));
  assert.ok(Number.isNaN(f.tail.from_ms));
  assert.equal(f.tail.count, 0);
  assert.ok(Number.isNaN(f.request_ms.p95));
});
