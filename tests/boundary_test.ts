/**
 * The internal boundary on the real stack (Kafka, Postgres, the edge, the job and delivery
 * services): a message forged onto an internal topic, naming what does not belong together,
 * is set aside without effect, counted, and holds up nothing beside it.
 */
import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { encodeJobCommand, type JobCommand } from "@hire/jobs";
import { createPublisher } from "@hire/kafka";
import { createRegistry } from "@hire/metrics";
import { SET_ASIDE_COUNTER } from "@hire/queue";
import { startReceiver } from "@hire/testing/receiver.ts";
import { jobBody, startStack } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { publishEvent, register } from "@hire/testing/webhooks.ts";
import { encodeRetry, parseRetrySchedule, retryTopic } from "@hire/webhooks";

const RUNG = parseRetrySchedule("1s")[0]!;
const metrics = createRegistry();
const receiver = await startReceiver();
const stack = await startStack({
  delivery: { env: { WEBHOOK_RETRY_SCHEDULE: RUNG.label } },
  metrics,
});
Deno.test.afterAll(async () => {
  await stack.stop();
  await receiver.stop();
});

const setAside = (topic: string, reason: string) =>
  metrics.counter(SET_ASIDE_COUNTER).value({ topic, reason });

/** Waits until `count` messages of `topic` were set aside for `reason` (counted after commit). */
const setAsideReaches = (topic: string, reason: string, count: number) =>
  waitUntil(
    `${count} set aside on ${topic}`,
    () => Promise.resolve(setAside(topic, reason) >= count || undefined),
  );

async function publish(topic: string, messages: { key: string; value: string }[]) {
  const publisher = createPublisher(stack.kafka);
  try {
    await publisher.sendBatch({ topicMessages: [{ topic, messages }] });
  } finally {
    await publisher.disconnect();
  }
}

function envelope(partnerId: string, jobId: string) {
  const now = new Date();
  return {
    command_id: newId("cmd"),
    job_id: jobId,
    partner_id: partnerId,
    issued_at: now.toISOString(),
    deadline: new Date(now.getTime() + 60_000).toISOString(),
  };
}

const outcomesOf = (commands: JobCommand[]) =>
  waitUntil("every command settled", async () => {
    const rows = await stack.sql<{ command_id: string; outcome: string }[]>`
      SELECT command_id, outcome FROM command_results
      WHERE command_id IN ${stack.sql(commands.map((c) => c.command_id))}`;
    const by = new Map(rows.map((r) => [r.command_id, r.outcome]));
    return by.size === commands.length ? commands.map((c) => by.get(c.command_id)) : undefined;
  });

Deno.test("forged commands naming another partner's job are set aside; the commands beside them apply", async () => {
  const owner = await stack.partner();
  const other = await stack.partner();
  const created = await owner.call("POST", "/v1/partner/jobs", jobBody({ title: "Owned" }));
  assert.equal(created.status, 201);
  const jobId: string = created.body.id;
  const before = setAside(stack.topics.commands, "job_of_other_partner");

  const healthy: JobCommand = {
    ...envelope(owner.partnerId, newId("job")),
    type: "job.create",
    job: {
      title: "Beside the forged",
      description: "x",
      city: "Riyadh",
      employment_type: "full_time",
      salary_min: 5000,
      salary_max: null,
      currency: "SAR",
    },
  };
  const forged: JobCommand[] = [
    { ...envelope(other.partnerId, jobId), type: "job.update", changes: { title: "Hijacked" } },
    { ...envelope(other.partnerId, jobId), type: "job.delete" },
    { ...envelope(other.partnerId, jobId), type: "job.create", job: healthy.job },
  ];
  const own: JobCommand = {
    ...envelope(owner.partnerId, jobId),
    type: "job.update",
    changes: { title: "Renamed by its partner" },
  };
  const all = [healthy, ...forged, own];
  // One key, one partition: they share a batch and a transaction.
  await publish(
    stack.topics.commands,
    all.map((c) => ({ ...encodeJobCommand(c), key: "one-partition" })),
  );
  assert.deepEqual(await outcomesOf(all), [
    "applied",
    "not_found",
    "not_found",
    "not_found",
    "applied",
  ]);
  const job = await owner.call("GET", `/v1/partner/jobs/${jobId}`);
  assert.equal(job.status, 200);
  assert.equal(job.body.title, "Renamed by its partner");
  assert.equal((await owner.call("GET", `/v1/partner/jobs/${healthy.job_id}`)).status, 200);
  await setAsideReaches(stack.topics.commands, "job_of_other_partner", before + 3);
  assert.equal(setAside(stack.topics.commands, "job_of_other_partner"), before + 3);

  // Through the edge, naming another partner's job answers 404 at once, as for a missing one.
  const patched = await other.call("PATCH", `/v1/partner/jobs/${jobId}`, { title: "Hijacked" });
  assert.equal(patched.status, 404);
  assert.equal(patched.body.code, "partner.not_found");
  await setAsideReaches(stack.topics.commands, "job_of_other_partner", before + 4);
});

Deno.test("a forged retry naming another partner's webhook is set aside: no attempt to that URL", async () => {
  const a = await stack.partner();
  const b = await stack.partner();
  const hookA = await register(a, receiver, "/boundary-a", ["job.deleted"]);
  const hookB = await register(b, receiver, "/boundary-b", ["job.deleted"]);
  receiver.on("/boundary-a", () => new Response("down", { status: 503 }));
  const event = await publishEvent(stack, a.partnerId);
  const [failed] = await waitUntil("the first attempt to A failed", async () => {
    const rows = await stack.sql<{ id: string }[]>`
      SELECT id FROM webhook_deliveries
      WHERE webhook_id = ${hookA.id} AND event_id = ${event.id} AND attempt = 1
        AND status = 'failed'`;
    return rows.length ? rows : undefined;
  });
  const rung = retryTopic(RUNG, stack.env.TOPIC_WEBHOOKS_RETRY_PREFIX);
  const before = setAside(rung, "webhook_of_other_partner");

  // A's event, its previous delivery, B's webhook: B's URL would get A's event.
  await publish(rung, [
    encodeRetry({
      webhook_id: hookB.id,
      event_id: event.id,
      attempt: 2,
      due_at: new Date().toISOString(),
      previous_delivery_id: failed!.id,
    }),
  ]);
  await setAsideReaches(rung, "webhook_of_other_partner", before + 1);
  const [toB] = await stack.sql`
    SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ${hookB.id}`;
  assert.equal(toB!.n, 0, "nothing queued for B's webhook");
  // A's own retry, scheduled by the ladder, still comes: the rung is not blocked.
  await receiver.waitFor(2, { path: "/boundary-a" });
  assert.equal(receiver.requests("/boundary-b").length, 0);
});
