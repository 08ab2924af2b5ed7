import assert from "node:assert/strict";
import type { JobEvent } from "@hire/jobs";
import { jobIdOf, planFanOut } from "./fan_out.ts";

const deleted = (id: string, partner: string): JobEvent => ({
  id,
  type: "job.deleted",
  created_at: "2026-01-01T00:00:00.000Z",
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
      { id: "wh_1", partner_id: "ptr_a", events: ["job.deleted", "job.created"] },
      { id: "wh_2", partner_id: "ptr_a", events: ["job.created"] },
      { id: "wh_3", partner_id: "ptr_b", events: ["job.deleted"] },
      { id: "wh_4", partner_id: "ptr_a", events: ["job.deleted"] },
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
