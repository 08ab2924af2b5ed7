import assert from "node:assert/strict";
import {
  checkScenario,
  type Observed,
  type ObservedEvent,
  type Recovery,
  recoveryViolations,
} from "./check.ts";
import type { Answer, CreateOp, Ledger, PatchOp } from "./ledger.ts";

const create = (token: string, jobId: string, extra: Partial<CreateOp> = {}): CreateOp => ({
  kind: "create",
  scenario: "job",
  token,
  key: `key-${token}`,
  outcome: "acked",
  jobId,
  attempts: 1,
  unanswered: 0,
  startedAt: 0,
  ackedAt: 1,
  ...extra,
});

const patch = (jobId: string, rev: number, extra: Partial<PatchOp> = {}): PatchOp => ({
  kind: "patch",
  scenario: "job",
  jobId,
  title: `Nurse (rev ${rev})`,
  rev,
  outcome: "acked",
  attempts: 1,
  startedAt: 0,
  ...extra,
});

const answer = (status: Answer["status"], retryAfter = false, at = 0): Answer => ({
  at,
  scenario: "job",
  op: "create",
  status,
  retryAfter,
});

const event = (
  id: string,
  type: string,
  jobId: string,
  extra: Partial<ObservedEvent> = {},
): ObservedEvent => ({ id, type, jobId, createdAt: "2026-11-24T10:00:00.000Z", ...extra });

/** One job created and patched twice, every event delivered: a scenario that kept its promises. */
function healthy(): { ledger: Ledger; observed: Observed } {
  const events = [
    event("evt_1", "job.created", "job_a", { title: "Nurse" }),
    event("evt_2", "job.updated", "job_a", { title: "Nurse (rev 1)" }),
    event("evt_3", "job.matched", "job_a", { seekerId: "seek_1" }),
    event("evt_4", "job.updated", "job_a", { title: "Nurse (rev 2)" }),
  ];
  return {
    ledger: {
      creates: [create("chaos-job-0-1", "job_a")],
      patches: [patch("job_a", 1), patch("job_a", 2)],
      answers: [answer(201), answer(503, true), answer(200), answer("connection")],
    },
    observed: {
      jobs: [{
        id: "job_a",
        token: "chaos-job-0-1",
        title: "Nurse (rev 2)",
        embeddingStatus: "ready",
        matchReady: true,
      }],
      events,
      deliveries: events.map((e, i) => ({ eventId: e.id, receivedAt: i })),
    },
  };
}

const rules = (r: ReturnType<typeof checkScenario>) => r.violations.map((v) => v.rule).sort();

Deno.test("check: a scenario whose every promise held passes, with its figures", () => {
  const { ledger, observed } = healthy();
  const r = checkScenario(ledger, observed);
  assert.deepEqual(r.violations, []);
  assert.deepEqual(r.duplicates, { api_replays: 0, database: 0, kafka: 0, webhook: 0 });
  assert.equal(r.jobs, 1);
  assert.equal(r.events, 4);
  assert.equal(r.delivered, 4);
});

Deno.test("check: copies of an event id on the topic and at the webhook are counted, not failed", () => {
  const { ledger, observed } = healthy();
  // At least once: a republished event may come after later ones of the same job.
  observed.events.push({ ...observed.events[1]! });
  observed.deliveries.push({ eventId: "evt_2", receivedAt: 9 }, {
    eventId: "evt_2",
    receivedAt: 10,
  });
  ledger.creates[0]!.replayed = true;
  const r = checkScenario(ledger, observed);
  assert.deepEqual(r.violations, []);
  assert.deepEqual(r.duplicates, { api_replays: 1, database: 0, kafka: 1, webhook: 2 });
});

Deno.test("check: a create applied twice, one lost and one refused but applied all fail", () => {
  const { ledger, observed } = healthy();
  const row = observed.jobs[0]!;
  observed.jobs.push({ ...row, id: "job_b" });
  ledger.creates.push(create("chaos-job-0-2", "job_c"));
  ledger.creates.push(
    create("chaos-job-0-3", "", { outcome: "refused", jobId: undefined, finalStatus: 422 }),
  );
  observed.jobs.push({ ...row, id: "job_d", token: "chaos-job-0-3" });
  const r = checkScenario(ledger, observed);
  assert.deepEqual(rules(r), [
    "create_duplicated",
    "create_lost",
    "created_event", // job_b: made by the duplicate, no job.created of its own
    "created_event", // job_c: lost, so no events
    "created_event", // job_d
    "refused_create_applied",
  ]);
  assert.equal(r.duplicates.database, 1);
});

Deno.test("check: a create answered with one id but stored under another fails", () => {
  const { ledger, observed } = healthy();
  ledger.creates[0]!.jobId = "job_other";
  assert.ok(rules(checkScenario(ledger, observed)).includes("create_id_mismatch"));
});

Deno.test("check: a create given up on may have made its job, once", () => {
  const { ledger, observed } = healthy();
  ledger.creates[0] = create("chaos-job-0-1", "", { outcome: "unknown", jobId: undefined });
  assert.deepEqual(checkScenario(ledger, observed).violations, []);
});

Deno.test("check: a job not embedded or not match-ready fails", () => {
  const { ledger, observed } = healthy();
  observed.jobs[0]!.embeddingStatus = "processing";
  const r = checkScenario(ledger, observed);
  assert.deepEqual(rules(r), ["job_not_ready"]);
  assert.match(r.violations[0]!.detail, /job_a: embedding_status processing/);
});

Deno.test("check: two job.created ids for one job fail; two copies of one id do not", () => {
  const { ledger, observed } = healthy();
  observed.events.push(event("evt_9", "job.created", "job_a", { title: "Nurse" }));
  observed.deliveries.push({ eventId: "evt_9", receivedAt: 9 });
  assert.deepEqual(rules(checkScenario(ledger, observed)), ["created_event"]);
});

Deno.test("check: a PATCH lost, applied twice, or refused but applied fails", () => {
  const { ledger, observed } = healthy();
  observed.events.splice(3, 1); // rev 2's job.updated
  observed.events.push(event("evt_8", "job.updated", "job_a", { title: "Nurse (rev 1)" }));
  ledger.patches.push(patch("job_a", 3, { outcome: "refused", finalStatus: 404 }));
  observed.events.push(event("evt_7", "job.updated", "job_a", { title: "Nurse (rev 3)" }));
  observed.deliveries.push({ eventId: "evt_8", receivedAt: 9 }, {
    eventId: "evt_7",
    receivedAt: 9,
  });
  assert.deepEqual(rules(checkScenario(ledger, observed)), [
    "events_out_of_order", // rev 1 again after rev 1
    "patch_duplicated",
    "patch_lost",
    "refused_patch_applied",
  ]);
});

Deno.test("check: job.updated events out of the PATCHes' order fail", () => {
  const { ledger, observed } = healthy();
  [observed.events[1], observed.events[3]] = [observed.events[3]!, observed.events[1]!];
  const r = checkScenario(ledger, observed);
  assert.deepEqual(rules(r), ["events_out_of_order"]);
  assert.match(r.violations[0]!.detail, /revisions 2, 1/);
});

Deno.test("check: a job.updated no PATCH asked for fails", () => {
  const { ledger, observed } = healthy();
  observed.events.push(event("evt_6", "job.updated", "job_a", { title: "Someone else's" }));
  observed.deliveries.push({ eventId: "evt_6", receivedAt: 9 });
  assert.ok(rules(checkScenario(ledger, observed)).includes("unexpected_update"));
});

Deno.test("check: two job.matched ids for one seeker fail", () => {
  const { ledger, observed } = healthy();
  observed.events.push(event("evt_5", "job.matched", "job_a", { seekerId: "seek_1" }));
  observed.deliveries.push({ eventId: "evt_5", receivedAt: 9 });
  assert.deepEqual(rules(checkScenario(ledger, observed)), ["matched_twice"]);
});

Deno.test("check: an event that never reached the webhook fails", () => {
  const { ledger, observed } = healthy();
  observed.deliveries = observed.deliveries.filter((d) => d.eventId !== "evt_3");
  const r = checkScenario(ledger, observed);
  assert.deepEqual(rules(r), ["webhook_missed"]);
  assert.equal(r.delivered, 3);
});

Deno.test("check: events of other jobs (other scenarios) are not this scenario's", () => {
  const { ledger, observed } = healthy();
  observed.events.push(event("evt_x", "job.created", "job_elsewhere"));
  assert.deepEqual(checkScenario(ledger, observed).violations, []);
});

Deno.test("check: any 5xx but 503, and a 503 without Retry-After, fail", () => {
  const { ledger, observed } = healthy();
  ledger.answers.push(answer(500), answer(500), answer(502), answer(503));
  const r = checkScenario(ledger, observed);
  assert.deepEqual(rules(r), ["503_without_retry_after", "http_5xx"]);
  assert.match(r.violations.find((v) => v.rule === "http_5xx")!.detail, /2× 500, 1× 502/);
});

const recovered: Recovery = {
  startedAt: 1000,
  killedAt: 9000,
  readyMs: 22_000,
  readyBoundMs: 90_000,
  quietAfterMs: 600,
  left: [],
  quietTimeoutMs: 180_000,
  exits: [],
};

Deno.test("recovery: a fault recovered from in time, with 503s only from the kill on, passes", () => {
  const { ledger } = healthy();
  ledger.answers = [answer(201, false, 2000), answer(503, true, 9000), answer(503, true, 20_000)];
  assert.deepEqual(recoveryViolations(ledger, recovered), []);
});

Deno.test("recovery: a 503 before the kill, late readiness, no quiet and a crash all fail", () => {
  const { ledger } = healthy();
  ledger.answers = [answer(201, false, 2000), answer(503, true, 8999)];
  const v = recoveryViolations(ledger, {
    ...recovered,
    readyMs: 95_000,
    quietAfterMs: null,
    left: ["3 webhook attempts pending"],
    exits: [{ service: "deliver", code: 1, signal: null, at: 13_500 }],
  });
  assert.deepEqual(v.map((x) => x.rule), [
    "503_before_fault",
    "not_ready_in_bound",
    "not_quiet",
    "service_exited",
  ]);
  assert.match(v[1]!.detail, /within 90 s of its restart \(ready after 95000 ms\)/);
  assert.match(v[2]!.detail, /after 180 s: 3 webhook attempts pending/);
  assert.match(v[3]!.detail, /deliver exited by itself \(code 1, signal null\) 12\.5 s into/);
  assert.match(
    recoveryViolations(ledger, { ...recovered, readyMs: null })[1]!.detail,
    /not ready within 90 s of its restart$/,
  );
});
