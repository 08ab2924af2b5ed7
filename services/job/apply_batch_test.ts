/** applyBatch against the real Postgres: what one transaction of commands leaves behind. */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { createPartner } from "@hire/tables";
import { jobCommand } from "@hire/testing/job_commands.ts";
import { waitUntilLockWait } from "@hire/testing/lock_waits.ts";
import { applyBatch, FenceRace } from "./apply_batch.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const sql = connect(TEST_DATABASE_URL, { max: 4, name: "apply-batch-test" });
Deno.test.afterAll(() => sql.end());

const create = (partnerId: string) => jobCommand(partnerId, newId("job"), { type: "job.create" });

Deno.test("applyBatch: a command the edge fences off while the batch writes rolls back the whole batch", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Apply batch test",
    plan: "growth",
    adminEmails: [],
  });
  const [fenced, other] = [create(partner_id), create(partner_id)];
  const topic = `test.apply.${crypto.randomUUID()}`;
  // The edge's fence, not yet committed when the batch reads: the batch sees the command
  // unsettled, and its own settling waits on the fence's row, then finds it taken.
  const edge = await sql.reserve();
  try {
    await edge`BEGIN`;
    await edge`INSERT INTO command_results (command_id, job_id, outcome)
      VALUES (${fenced.command_id}, ${fenced.job_id}, 'expired')`;
    const applying = applyBatch(sql, [fenced, other], {
      now: new Date(),
      newEventId: () => newId("evt"),
      siteBaseUrl: "http://localhost:8081",
      eventsTopic: topic,
      changedTopic: topic,
    });
    const settled = applying.then(() => "settled", (err) => err);
    await waitUntilLockWait(sql, "INSERT INTO command_results");
    await edge`COMMIT`;
    assert.ok(await settled instanceof FenceRace);
    const jobs = await sql`SELECT id FROM jobs WHERE id IN (${fenced.job_id}, ${other.job_id})`;
    const results = await sql`SELECT command_id FROM command_results
      WHERE command_id = ${other.command_id}`;
    const outbox = await sql`SELECT 1 FROM outbox WHERE topic = ${topic}`;
    assert.deepEqual([jobs.length, results.length, outbox.length], [0, 0, 0]);
  } finally {
    edge.release();
  }
});
