import assert from "node:assert/strict";
import {
  countAnswers,
  eventToDelivery,
  longestWithout2xx,
  notReadyMs,
  outcomes,
} from "./figures.ts";
import type { Answer } from "./ledger.ts";

const answer = (at: number, status: Answer["status"]): Answer => ({
  at,
  scenario: "edge",
  op: "create",
  status,
  retryAfter: status === 503,
});

Deno.test("figures: answers are counted by class, other statuses by code", () => {
  const counts = countAnswers([
    answer(1, 201),
    answer(2, 200),
    answer(3, 503),
    answer(4, 409),
    answer(5, 409),
    answer(6, 429),
    answer(7, "connection"),
    answer(8, "timeout"),
  ]);
  assert.deepEqual(counts, {
    requests: 8,
    ok_2xx: 2,
    s503: 1,
    other: { "409": 2, "429": 1 },
    connection_errors: 1,
    timeouts: 1,
  });
});

Deno.test("figures: the API outage is the longest stretch without a 2xx, edges included", () => {
  const answers = [answer(100, 201), answer(200, 503), answer(900, 201), answer(1000, 201)];
  assert.equal(longestWithout2xx(answers, 0, 1100), 800);
  // From the kill to the first 2xx, and from the last 2xx to the end, count too.
  assert.equal(longestWithout2xx(answers, 0, 3000), 2000);
  assert.equal(longestWithout2xx([answer(5, 503)], 0, 400), 400);
  // 2xx outside the window do not shorten it.
  assert.equal(longestWithout2xx([answer(50, 201)], 100, 400), 300);
});

Deno.test("figures: time not ready adds the sample spacing after each failed sample", () => {
  const samples = [
    { at: 0, ok: true },
    { at: 500, ok: false },
    { at: 1000, ok: false },
    { at: 1600, ok: true },
    { at: 2100, ok: true },
  ];
  assert.equal(notReadyMs(samples), 1100);
  assert.equal(notReadyMs([]), 0);
});

Deno.test("figures: event → first delivery per event, copies ignored", () => {
  const created = "2026-11-24T10:00:00.000Z";
  const t0 = Date.parse(created);
  const stats = eventToDelivery(
    [
      { id: "evt_1", type: "job.created", jobId: "job_a", createdAt: created },
      { id: "evt_1", type: "job.created", jobId: "job_a", createdAt: created },
      { id: "evt_2", type: "job.updated", jobId: "job_a", createdAt: created },
      { id: "evt_3", type: "job.updated", jobId: "job_a", createdAt: created },
    ],
    [
      { eventId: "evt_1", receivedAt: t0 + 300 },
      { eventId: "evt_1", receivedAt: t0 + 100 },
      { eventId: "evt_2", receivedAt: t0 + 2000 },
    ],
  );
  assert.equal(stats.count, 2);
  assert.equal(stats.p50, 100);
  assert.equal(stats.max, 2000);
});

Deno.test("figures: operations are tallied by outcome", () => {
  const op = (outcome: "acked" | "unknown" | "refused", unanswered = 0) => ({
    outcome,
    unanswered,
  });
  const t = outcomes({
    creates: [op("acked"), op("acked", 2), op("unknown", 1)],
    patches: [op("refused")],
    answers: [],
  } as never);
  assert.deepEqual(t, {
    creates: { acked: 2, unknown: 1, refused: 0, in_doubt: 1 },
    patches: { acked: 0, unknown: 0, refused: 1 },
  });
});
