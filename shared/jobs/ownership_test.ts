import assert from "node:assert/strict";
import { jobOfOtherPartner } from "./ownership.ts";

const claim = { job_id: "job_1", partner_id: "ptr_a" };

Deno.test("jobOfOtherPartner: a job stored under the partner named holds", () => {
  assert.equal(jobOfOtherPartner(claim, "ptr_a"), undefined);
});

Deno.test("jobOfOtherPartner: a job not stored contradicts nothing", () => {
  assert.equal(jobOfOtherPartner(claim, undefined), undefined);
});

Deno.test("jobOfOtherPartner: a job stored under another partner is the reason, with the three ids", () => {
  assert.deepEqual(jobOfOtherPartner(claim, "ptr_b"), {
    reason: "job_of_other_partner",
    ids: { job_id: "job_1", partner_id: "ptr_a", job_partner_id: "ptr_b" },
  });
});
