/**
 * Fair delivery and plan gating on the real stack (Kafka, Postgres, the delivery service):
 * a partner whose endpoints never answer holds at most its share of the workers while
 * another partner's deliveries go out, and a partner moved down to Sandbox keeps its
 * webhooks but gets nothing until it is moved up again.
 */
import assert from "node:assert/strict";
import { runPartnerCommand } from "@hire/admin-service";
import { waitForCaughtUp } from "@hire/testing/consumer_lag.ts";
import { startReceiver } from "@hire/testing/receiver.ts";
import { startSilentServer } from "@hire/testing/silent_server.ts";
import { type Stack, startStack, type TestPartner } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { deliveries, publishEvent } from "@hire/testing/webhooks.ts";

async function registerAt(p: TestPartner, url: string): Promise<string> {
  const res = await p.call("POST", "/v1/partner/webhooks", { url, events: ["job.deleted"] });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.id;
}

/** The partner's attempts by state: claimed and not yet recorded, and recorded. */
async function attemptsOf(stack: Stack, partnerId: string) {
  const rows = await stack.sql<{ webhook_id: string; in_flight: boolean; done: boolean }[]>`
    SELECT d.webhook_id, coalesce(q.locked_until > now(), false) AS in_flight,
           d.status <> 'pending' AS done
    FROM webhook_deliveries d LEFT JOIN delivery_queue q ON q.delivery_id = d.id
    WHERE d.partner_id = ${partnerId}`;
  return {
    inFlight: rows.filter((r) => r.in_flight).map((r) => r.webhook_id),
    done: rows.filter((r) => r.done).length,
    all: rows.length,
  };
}

Deno.test("fair delivery: a partner whose endpoints hang holds only its share; another's event goes out meanwhile", async () => {
  const silent = startSilentServer();
  const receiver = await startReceiver();
  // Four workers, two per partner; the hung attempts outlast the test, so none of them
  // frees a worker before the healthy partner's delivery is made.
  const stack = await startStack({
    jobService: false,
    delivery: {
      env: {
        WEBHOOK_TIMEOUT: "60s",
        DELIVERY_CONCURRENCY: "4",
        DELIVERY_PARTNER_MAX_IN_FLIGHT: "2",
      },
    },
  });
  try {
    const noisy = await stack.partner("growth");
    const healthy = await stack.partner("growth");
    const hung = [
      await registerAt(noisy, silent.url("/a")),
      await registerAt(noisy, silent.url("/b")),
      await registerAt(noisy, silent.url("/c")),
    ];
    await registerAt(healthy, receiver.url("/healthy"));
    for (let i = 0; i < 4; i++) await publishEvent(stack, noisy.partnerId);
    await waitUntil("the noisy partner's attempts to hang", async () => {
      const a = await attemptsOf(stack, noisy.partnerId);
      return a.all === 12 && a.inFlight.length >= 2 && silent.open() >= 2 ? a : undefined;
    });

    await publishEvent(stack, healthy.partnerId);
    await receiver.waitFor(1, { path: "/healthy" });

    const noisyNow = await attemptsOf(stack, noisy.partnerId);
    // Oldest first, the noisy partner's twelve attempts would have taken all four workers
    // and the healthy event would have waited for one of them to time out.
    assert.equal(noisyNow.done, 0, "the healthy delivery came while every noisy attempt hung");
    assert.equal(noisyNow.inFlight.length, 2);
    assert.ok(silent.maxOpen() <= 2, `at most 2 connections at once, saw ${silent.maxOpen()}`);
    // Round-robin over the partner's webhooks: two of them, not one webhook twice.
    assert.equal(new Set(noisyNow.inFlight).size, 2);
    assert.ok(noisyNow.inFlight.every((id) => hung.includes(id)));
  } finally {
    // Hung attempts fail at once when their connections close, so the stack stops quickly.
    await silent.close();
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("plans: a partner moved down to Sandbox keeps its webhooks but gets no deliveries; moved up, new events are delivered", async (t) => {
  const receiver = await startReceiver();
  // One attempt at a time to the webhook, so the second event waits behind the first.
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_MAX_IN_FLIGHT: "1", WEBHOOK_TIMEOUT: "60s" } },
  });
  let release = () => {};
  const released = new Promise<void>((r) => release = r);
  try {
    const p = await stack.partner("growth");
    const wh = await registerAt(p, receiver.url("/hook"));
    receiver.on("/hook", async (_req, nth) => {
      if (nth === 1) await released;
      return new Response("ok");
    });
    const setPlan = (plan: string) =>
      runPartnerCommand(stack.sql, ["set-plan", "--partner", p.partnerId, "--plan", plan]);
    const logOf = (eventId: string) =>
      stack.sql<{ status: string; error: string | null }[]>`
        SELECT status, error FROM webhook_deliveries
        WHERE webhook_id = ${wh} AND event_id = ${eventId} ORDER BY created_at`;

    const inFlight = await publishEvent(stack, p.partnerId);
    const queued = await publishEvent(stack, p.partnerId);
    await receiver.waitFor(1, { path: "/hook" });
    await waitUntil(
      "the second attempt to be queued",
      async () => (await logOf(queued.id)).length === 1 ? true : undefined,
    );

    await setPlan("sandbox");
    const during = await publishEvent(stack, p.partnerId);

    await t.step("an attempt queued at the downgrade is cancelled, and says why", async () => {
      const [row] = await waitUntil("the queued attempt to be cancelled", async () => {
        const rows = await logOf(queued.id);
        return rows[0]?.status === "cancelled" ? rows : undefined;
      });
      assert.equal(row!.error, "plan sandbox has no webhooks: attempt not made");
    });

    await t.step("the attempt in flight at the downgrade is completed", async () => {
      release();
      const [row] = await waitUntil("the attempt in flight to be recorded", async () => {
        const rows = await logOf(inFlight.id);
        return rows[0]?.status === "succeeded" ? rows : undefined;
      });
      assert.equal(row!.status, "succeeded");
    });

    await t.step("an event during Sandbox is not queued for later", async () => {
      await waitForCaughtUp(stack.kafka, stack.env.DELIVERY_GROUP_ID!, stack.topics.events);
      assert.equal((await logOf(during.id)).length, 0);
    });

    await t.step("moved up again: the webhook is there and new events are delivered", async () => {
      await setPlan("growth");
      const listed = await p.call("GET", "/v1/partner/webhooks");
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.data.map((w: { id: string; is_active: boolean }) => [w.id, w.is_active]),
        [[wh, true]],
      );
      const after = await publishEvent(stack, p.partnerId);
      const got = await receiver.waitFor(2, { path: "/hook" });
      assert.deepEqual(got.map((r) => JSON.parse(r.body).id), [inFlight.id, after.id]);
    });

    await t.step("what was cancelled can be redelivered from the log", async () => {
      const log = await deliveries(p, wh, `?event_id=${queued.id}`);
      assert.equal(log.data[0].outcome, "cancelled");
      const res = await p.call(
        "POST",
        `/v1/partner/webhooks/${wh}/deliveries/${log.data[0].id}/redeliver`,
      );
      assert.equal(res.status, 202, JSON.stringify(res.body));
      const got = await receiver.waitFor(3, { path: "/hook" });
      assert.equal(JSON.parse(got[2]!.body).id, queued.id);
      assert.equal(receiver.requests("/hook").length, 3, "the Sandbox event never came");
    });
  } finally {
    release();
    await stack.stop();
    await receiver.stop();
  }
});
