import assert from "node:assert/strict";
import type { JobEvent } from "@hire/jobs";
import type { Plan } from "@hire/partners";
import { jobIdOf, planFanOut, type Subscription } from "./fan_out.ts";

const REGISTERED = new Date("2025-12-31T00:00:00.000Z");
const plan = "growth" as const;

const deleted = (id: string, partner: string, at = "2026-01-01T00:00:00.000Z"): JobEvent => ({
  id,
  type: "job.deleted",
  created_at: at,
  partner_id: partner,
  data: {
    job_id: "job_1",
    service_url: "https://x/jobs/job_1",
    deleted_at: "2026-01-01T00:00:00.000Z",
  },
});

Deno.test("fan-out: each event to its partner's webhooks subscribed to its type", () => {
  let n = 0;
  const planned = planFanOut(
    [deleted("evt_1", "ptr_a"), deleted("evt_2", "ptr_b")],
    [
      {
        id: "wh_1",
        partner_id: "ptr_a",
        events: ["job.deleted", "job.created"],
        created_at: REGISTERED,
        plan,
      },
      { id: "wh_2", partner_id: "ptr_a", events: ["job.created"], created_at: REGISTERED, plan },
      { id: "wh_3", partner_id: "ptr_b", events: ["job.deleted"], created_at: REGISTERED, plan },
      { id: "wh_4", partner_id: "ptr_a", events: ["job.deleted"], created_at: REGISTERED, plan },
    ],
    () => `dlv_${++n}`,
  );
  assert.deepEqual(planned.map((p) => [p.event.id, p.webhookId, p.deliveryId]), [
    ["evt_1", "wh_1", "dlv_1"],
    ["evt_1", "wh_4", "dlv_2"],
    ["evt_2", "wh_3", "dlv_3"],
  ]);
});

Deno.test("fan-out: no subscriptions, nothing planned", () => {
  assert.deepEqual(planFanOut([deleted("evt_1", "ptr_a")], [], () => "dlv"), []);
});

Deno.test("the job of an event orders its deliveries", () => {
  assert.equal(jobIdOf(deleted("evt_1", "ptr_a")), "job_1");
});

Deno.test("fan-out: a webhook receives nothing that happened before it was registered", () => {
  const webhook = {
    id: "wh_1",
    partner_id: "ptr_a",
    events: ["job.deleted"],
    created_at: new Date("2026-01-01T00:00:00.000Z"),
    plan,
  } satisfies Subscription;
  const planned = planFanOut(
    [
      deleted("evt_before", "ptr_a", "2025-12-31T23:59:59.999Z"),
      deleted("evt_same_ms", "ptr_a", "2026-01-01T00:00:00.000Z"),
      deleted("evt_after", "ptr_a", "2026-01-01T00:00:01.000Z"),
    ],
    [webhook],
    () => "dlv",
  );
  assert.deepEqual(planned.map((p) => p.event.id), ["evt_same_ms", "evt_after"]);
});

Deno.test("fan-out: nothing for the webhooks of a partner on a plan without webhooks", () => {
  const webhook = (id: string, partner: string, plan: Plan): Subscription => ({
    id,
    partner_id: partner,
    events: ["job.deleted"],
    created_at: REGISTERED,
    plan,
  });
  const planned = planFanOut(
    [
      deleted("evt_1", "ptr_sandbox"),
      deleted("evt_2", "ptr_growth"),
      deleted("evt_3", "ptr_scale"),
    ],
    [
      webhook("wh_1", "ptr_sandbox", "sandbox"),
      webhook("wh_2", "ptr_growth", "growth"),
      webhook("wh_3", "ptr_scale", "scale"),
    ],
    () => "dlv",
  );
  assert.deepEqual(planned.map((p) => [p.event.id, p.webhookId]), [
    ["evt_2", "wh_2"],
    ["evt_3", "wh_3"],
  ]);
});
