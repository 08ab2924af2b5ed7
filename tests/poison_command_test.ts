import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { createPublisher } from "@hire/kafka";
import { encodeJobCommand, type JobCommand } from "@hire/jobs";
import { jobBody, startStack } from "@hire/testing/stack.ts";

const stack = await startStack();
Deno.test.afterAll(() => stack.stop());

function createCommand(
  partnerId: string,
  jobId: string,
  salary: number,
  title = "Poison check",
): JobCommand {
  const now = new Date();
  return {
    type: "job.create",
    command_id: newId("cmd"),
    job_id: jobId,
    partner_id: partnerId,
    issued_at: now.toISOString(),
    deadline: new Date(now.getTime() + 60_000).toISOString(),
    job: {
      title,
      description: "x",
      city: "Riyadh",
      employment_type: "full_time",
      salary_min: salary,
      salary_max: null,
      currency: "SAR",
    },
  };
}

async function outcomeOf(commandId: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await stack
      .sql`SELECT outcome FROM command_results WHERE command_id = ${commandId}`;
    if (row) return row.outcome;
    if (Date.now() > until) throw new Error(`${commandId} not settled`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

Deno.test("a command the database refuses is settled as failed and does not block the others", async () => {
  const partner = await stack.partner();
  // Same job id key → same partition: the good commands on either side share its batch.
  const jobIds = [newId("job"), newId("job"), newId("job")];
  const before = createCommand(partner.partnerId, jobIds[0]!, 5000);
  // Beyond Postgres's integer range: the edge never sends this, a bug elsewhere might.
  const poison = createCommand(partner.partnerId, jobIds[1]!, 3_000_000_000);
  // A NUL Postgres cannot store, as a forged or buggy producer might send it past the edge.
  const nul = createCommand(partner.partnerId, newId("job"), 5000, "Poison\u0000check");
  const after = createCommand(partner.partnerId, jobIds[2]!, 6000);
  const publisher = createPublisher(stack.kafka);
  try {
    await publisher.sendBatch({
      topicMessages: [{
        topic: stack.topics.commands,
        messages: [before, poison, nul, after].map((c) => ({
          ...encodeJobCommand(c),
          key: "one-partition",
        })),
      }],
    });
  } finally {
    await publisher.disconnect();
  }
  assert.equal(await outcomeOf(poison.command_id), "failed");
  assert.equal(await outcomeOf(nul.command_id), "failed");
  assert.equal(await outcomeOf(before.command_id), "applied");
  assert.equal(await outcomeOf(after.command_id), "applied");
  const stored = await stack.sql`SELECT id FROM jobs WHERE id IN ${stack.sql(jobIds)} ORDER BY id`;
  assert.deepEqual(stored.map((r) => r.id), [jobIds[0], jobIds[2]]);
  // The service keeps serving.
  assert.equal((await partner.call("POST", "/v1/partner/jobs", jobBody())).status, 201);
});
