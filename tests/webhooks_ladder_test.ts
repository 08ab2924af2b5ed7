/**
 * The retry ladder on the real stack, its schedule scaled to seconds: retries on time,
 * across restarts of the delivery service, to `webhooks.dead`, and the auto-disable that
 * follows with its e-mail.
 */
import assert from "node:assert/strict";
import { startSmtpSink } from "@hire/testing/smtp_sink.ts";
import { decodeDead } from "@hire/webhooks";
import { readTopic } from "@hire/testing/events.ts";
import { sleep, startReceiver } from "@hire/testing/receiver.ts";
import { startStack } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { deliveries, publishEvent, register } from "@hire/testing/webhooks.ts";

Deno.test("deliveries: fails twice then succeeds on the scaled ladder", async () => {
  const receiver = await startReceiver();
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_RETRY_SCHEDULE: "1s,2s,3s" } },
  });
  try {
    const p = await stack.partner("growth");
    const wh = await register(p, receiver, "/flaky", ["job.deleted"]);
    receiver.on("/flaky", (_req, nth) => new Response("no", { status: nth <= 2 ? 500 : 200 }));
    const event = await publishEvent(stack, p.partnerId);
    const got = await receiver.waitFor(3, { path: "/flaky", timeoutMs: 20_000 });

    assert.deepEqual(got.map((r) => JSON.parse(r.body).id), [event.id, event.id, event.id]);
    const ids = got.map((r) => r.headers.get("x-service-delivery-id"));
    assert.equal(new Set(ids).size, 3);
    // Not before due: the rungs' delays separate the attempts.
    assert.ok(got[1]!.receivedAt - got[0]!.receivedAt >= 900);
    assert.ok(got[2]!.receivedAt - got[1]!.receivedAt >= 1900);

    const log = await waitUntil("three recorded attempts", async () => {
      const body = await deliveries(p, wh.id);
      return body.data.length === 3 && body.data[0].outcome === "succeeded" ? body : undefined;
    });
    const oldestFirst = [...log.data].reverse();
    assert.deepEqual(oldestFirst.map((d: { attempt: number }) => d.attempt), [1, 2, 3]);
    assert.deepEqual(oldestFirst.map((d: { trigger: string }) => d.trigger), [
      "event",
      "retry",
      "retry",
    ]);
    assert.deepEqual(oldestFirst.map((d: { outcome: string }) => d.outcome), [
      "failed",
      "failed",
      "succeeded",
    ]);
    assert.equal(oldestFirst[0].status_code, 500);
    assert.equal(oldestFirst[0].error, "HTTP 500");
    assert.ok(oldestFirst[0].next_attempt_at !== null);
    assert.deepEqual(oldestFirst.map((d: { id: string }) => d.id), ids);
    // A 2xx resets the count: the webhook stays active with no record of failures.
    const after = await p.call("GET", `/v1/partner/webhooks/${wh.id}`);
    assert.equal(after.body.is_active, true);
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("deliveries: the whole ladder, webhooks.dead, auto-disable, e-mail, re-enable", async (t) => {
  const receiver = await startReceiver();
  const smtp = await startSmtpSink();
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_RETRY_SCHEDULE: "1s,2s,3s,4s,5s" }, smtpUrl: smtp.url },
  });
  const dead = await readTopic(stack.kafka, stack.env.TOPIC_WEBHOOKS_DEAD!, decodeDead);
  try {
    const p = await stack.partner("growth");
    const wh = await register(p, receiver, "/down", ["job.deleted"]);
    receiver.on("/down", () => new Response("down", { status: 503 }));
    const event = await publishEvent(stack, p.partnerId);

    await t.step("six attempts (the first and five retries), then webhooks.dead", async () => {
      const [msg] = await dead.waitFor((m) => m.length >= 1, 40_000);
      assert.equal(msg!.event_id, event.id);
      assert.equal(msg!.webhook_id, wh.id);
      assert.equal(msg!.attempts, 6);
      assert.equal(msg!.last_status_code, 503);
      const got = receiver.requests("/down");
      assert.equal(got.length, 6);
      assert.ok(got.every((r) => JSON.parse(r.body).id === event.id));
      const log = await deliveries(p, wh.id);
      assert.equal(log.data[0].attempt, 6);
      assert.equal(log.data[0].final, true);
      assert.equal(log.data[0].next_attempt_at, null);
    });

    await t.step("the webhook is disabled, with when and why", async () => {
      const got = await waitUntil("disabled webhook", async () => {
        const r = await p.call("GET", `/v1/partner/webhooks/${wh.id}`);
        return r.body.is_active === false ? r.body : undefined;
      });
      assert.ok(Date.parse(got.disabled_at) > 0);
      assert.match(got.disabled_reason, /6 consecutive failed deliveries/);
      assert.match(got.disabled_reason, /HTTP 503/);
    });

    await t.step("the partner's admins receive a bilingual e-mail", async () => {
      const [mail] = await smtp.waitFor(1, 15_000);
      assert.deepEqual(mail!.to, [p.adminEmail]);
      assert.match(mail!.subject, new RegExp(wh.id));
      assert.match(mail!.text, /PATCH \/v1\/partner\/webhooks\//);
      assert.match(mail!.text, /[\u0600-\u06FF]/, "Arabic text expected");
      assert.ok(mail!.text.includes(receiver.url("/down")));
    });

    await t.step("a disabled webhook receives nothing", async () => {
      const before = receiver.requests("/down").length;
      await publishEvent(stack, p.partnerId);
      await sleep(1500);
      assert.equal(receiver.requests("/down").length, before);
    });

    await t.step("PATCH is_active true re-enables it and resets the record", async () => {
      receiver.on("/down", () => new Response("ok"));
      const res = await p.call("PATCH", `/v1/partner/webhooks/${wh.id}`, { is_active: true });
      assert.equal(res.status, 200);
      assert.equal(res.body.is_active, true);
      assert.equal(res.body.disabled_at, null);
      assert.equal(res.body.disabled_reason, null);
      const before = receiver.requests("/down").length;
      const next = await publishEvent(stack, p.partnerId);
      const got = await receiver.waitFor(before + 1, { path: "/down" });
      assert.equal(JSON.parse(got[got.length - 1]!.body).id, next.id);
      const [row] = await stack.sql<{ consecutive_failures: number }[]>`
        SELECT consecutive_failures FROM webhooks WHERE id = ${wh.id}`;
      assert.equal(row?.consecutive_failures, 0);
    });
  } finally {
    await dead.stop();
    await stack.stop();
    await smtp.stop();
    await receiver.stop();
  }
});

Deno.test("deliveries: an exhausted schedule with fewer than 5 failures does not disable", async () => {
  const receiver = await startReceiver();
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_RETRY_SCHEDULE: "1s" } },
  });
  try {
    const p = await stack.partner("growth");
    const wh = await register(p, receiver, "/once", ["job.deleted"]);
    receiver.on("/once", () => new Response("no", { status: 500 }));
    await publishEvent(stack, p.partnerId);
    await receiver.waitFor(2, { path: "/once" });
    const log = await waitUntil("the final failure", async () => {
      const body = await deliveries(p, wh.id);
      return body.data[0]?.final ? body : undefined;
    });
    assert.equal(log.data.length, 2);
    const got = await p.call("GET", `/v1/partner/webhooks/${wh.id}`);
    assert.equal(got.body.is_active, true);
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("deliveries: a waiting retry is attempted on time across restarts", async (t) => {
  const receiver = await startReceiver();
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_RETRY_SCHEDULE: "5s,6s" }, start: false },
  });
  let service = await stack.startDeliveryService();
  try {
    const p = await stack.partner("growth");
    const wh = await register(p, receiver, "/restart", ["job.deleted"]);
    receiver.on("/restart", (_req, nth) => new Response("no", { status: nth <= 2 ? 500 : 200 }));
    const event = await publishEvent(stack, p.partnerId);
    /** The due time of the retry after attempt n, once the log has recorded it. */
    const dueAfter = async (n: number) => {
      const entry = await waitUntil(`attempt ${n} recorded`, async () => {
        const log = await deliveries(p, wh.id);
        return log.data.find((d: { attempt: number; outcome: string }) =>
          d.attempt === n && d.outcome !== "pending"
        );
      });
      assert.equal(entry.outcome, "failed");
      return Date.parse(entry.next_attempt_at);
    };

    await t.step("restarted before due: the retry comes at its due time, not before", async () => {
      await receiver.waitFor(1, { path: "/restart" });
      const due = await dueAfter(1);
      await service.stop();
      await sleep(1000);
      service = await stack.startDeliveryService();
      const got = await receiver.waitFor(2, { path: "/restart", timeoutMs: 30_000 });
      assert.ok(got[1]!.receivedAt >= due, "attempted before it was due");
      // On time: the pause ends at the due time, not at some later poll or rebalance.
      assert.ok(got[1]!.receivedAt - due < 3000, `${got[1]!.receivedAt - due} ms late`);
    });

    await t.step("down when it falls due: attempted as soon as a service is back", async () => {
      const due = await dueAfter(2);
      await service.stop();
      await sleep(Math.max(0, due - Date.now()) + 1500);
      assert.equal(receiver.requests("/restart").length, 2, "attempted with no service running");
      const restartedAt = Date.now();
      service = await stack.startDeliveryService();
      const got = await receiver.waitFor(3, { path: "/restart", timeoutMs: 30_000 });
      assert.ok(got[2]!.receivedAt >= restartedAt);
      assert.deepEqual(got.map((r) => JSON.parse(r.body).id), [event.id, event.id, event.id]);
    });

    await t.step("nothing lost, nothing repeated", async () => {
      const log = await waitUntil("the success recorded", async () => {
        const body = await deliveries(p, wh.id);
        return body.data[0]?.outcome === "succeeded" ? body : undefined;
      });
      assert.deepEqual(log.data.map((d: { attempt: number }) => d.attempt), [3, 2, 1]);
      await sleep(1000);
      assert.equal(receiver.requests("/restart").length, 3);
    });
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});
