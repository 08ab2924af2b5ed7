/**
 * Webhook delivery on the real stack: Kafka, Postgres, the delivery service and a real
 * HTTPS receiver on loopback (certificate from a test CA), with signatures checked by an
 * HMAC computed here with node:crypto, independently of the signing code.
 */
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { newId } from "@hire/ids";
import { verifyWebhook } from "@hire/webhooks";
import { sleep, startReceiver } from "@hire/testing/receiver.ts";
import { startStack } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { deliveries, publishEvent, register } from "@hire/testing/webhooks.ts";

const JOB = {
  title: "Senior Backend Engineer",
  description: "Build the partner API.",
  city: "Riyadh",
  employment_type: "full_time",
  salary_min: 20000,
  salary_max: 30000,
};

/** Independent of shared/webhooks: HMAC-SHA256 over `<t>.<body>`, hex. */
function expectedSignature(secret: string, t: string, body: string): string {
  return createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
}

function v1s(header: string): string[] {
  return header.split(",").filter((p) => p.startsWith("v1=")).map((p) => p.slice(3));
}

Deno.test("deliveries: the spec's request, per subscription, in order, signed", async (t) => {
  const receiver = await startReceiver();
  const stack = await startStack({ delivery: {} });
  try {
    const p = await stack.partner("growth");
    const other = await stack.partner("scale");
    const all = await register(p, receiver, "/all", ["job.updated", "job.deleted"]);
    const deletedOnly = await register(p, receiver, "/deleted", ["job.deleted"]);
    await register(p, receiver, "/inactive", ["job.updated", "job.deleted"], { is_active: false });
    const paused = await register(p, receiver, "/paused", ["job.updated", "job.deleted"]);
    await p.call("PATCH", `/v1/partner/webhooks/${paused.id}`, { is_active: false });
    await register(other, receiver, "/other", ["job.updated", "job.deleted"]);

    const job = await p.call("POST", "/v1/partner/jobs", JOB);
    assert.equal(job.status, 201);
    const upd = await p.call("PATCH", `/v1/partner/jobs/${job.body.id}`, {
      title: "Staff Engineer",
    });
    assert.equal(upd.status, 200);
    assert.equal((await p.call("DELETE", `/v1/partner/jobs/${job.body.id}`)).status, 204);

    const got = await receiver.waitFor(2, { path: "/all" });
    await receiver.waitFor(1, { path: "/deleted" });

    await t.step("each subscription gets its types, in the order they happened", () => {
      assert.deepEqual(got.map((r) => r.headers.get("x-service-event")), [
        "job.updated",
        "job.deleted",
      ]);
      assert.equal(receiver.requests("/deleted")[0]!.headers.get("x-service-event"), "job.deleted");
    });

    await t.step("headers are exactly the spec's", () => {
      for (const r of got) {
        assert.equal(r.method, "POST");
        assert.equal(r.headers.get("content-type"), "application/json");
        assert.match(r.headers.get("x-service-delivery-id")!, /^dlv_[0-9A-HJKMNP-TV-Z]{26}$/);
        assert.match(r.headers.get("user-agent")!, /^HirePlatform-Webhooks\/\d+\.\d+\.\d+ /);
        const t = r.headers.get("x-service-timestamp")!;
        assert.match(t, /^\d+$/);
        assert.ok(Math.abs(Number(t) - Date.now() / 1000) < 300);
        const header = r.headers.get("x-service-signature")!;
        assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
        assert.equal(header.split(",")[0], `t=${t}`);
        assert.deepEqual(v1s(header), [expectedSignature(all.secret, t, r.body)]);
      }
      const ids = got.map((r) => r.headers.get("x-service-delivery-id"));
      assert.equal(new Set(ids).size, ids.length);
    });

    await t.step("the body is the event envelope, without internal fields", async () => {
      const [updated, deleted] = got.map((r) => JSON.parse(r.body));
      assert.deepEqual(Object.keys(updated), ["id", "type", "created_at", "data"]);
      assert.match(updated.id, /^evt_/);
      assert.equal(updated.type, "job.updated");
      assert.equal(updated.data.job.title, "Staff Engineer");
      assert.equal(deleted.data.job_id, job.body.id);
      // The shared verifier (what receivers are told to use) accepts it too.
      const r = got[0]!;
      const verdict = await verifyWebhook({
        secret: all.secret,
        body: r.body,
        signatureHeader: r.headers.get("x-service-signature")!,
        timestampHeader: r.headers.get("x-service-timestamp")!,
      });
      assert.deepEqual(verdict.ok, true);
    });

    await t.step("inactive webhooks and other partners' webhooks receive nothing", async () => {
      await sleep(1000);
      assert.equal(receiver.requests("/inactive").length, 0);
      assert.equal(receiver.requests("/paused").length, 0);
      assert.equal(receiver.requests("/other").length, 0);
      assert.equal(receiver.requests("/all").length, 2);
    });

    await t.step("the delivery log records each attempt", async () => {
      const log = await waitUntil("log entries", async () => {
        const body = await deliveries(p, all.id);
        return body.data.length === 2 &&
            body.data.every((d: { outcome: string }) => d.outcome === "succeeded")
          ? body
          : undefined;
      });
      const [newest] = log.data;
      assert.equal(newest.event_type, "job.deleted");
      assert.equal(newest.webhook_id, all.id);
      assert.equal(newest.attempt, 1);
      assert.equal(newest.trigger, "event");
      assert.equal(newest.status_code, 200);
      assert.equal(typeof newest.duration_ms, "number");
      assert.equal(newest.error, null);
      assert.equal(newest.id, got[1]!.headers.get("x-service-delivery-id"));
      assert.equal(newest.event_id, JSON.parse(got[1]!.body).id);
      assert.ok(!Number.isNaN(Date.parse(newest.attempted_at)));
      assert.equal(log.has_more, false);

      // Paging and filters.
      const page1 = await deliveries(p, all.id, "?limit=1");
      assert.equal(page1.data.length, 1);
      assert.equal(page1.has_more, true);
      const page2 = await deliveries(p, all.id, `?limit=1&cursor=${page1.next_cursor}`);
      assert.equal(page2.data[0].event_type, "job.updated");
      assert.equal(page2.has_more, false);
      const byEvent = await deliveries(p, all.id, `?event_id=${newest.event_id}`);
      assert.deepEqual(byEvent.data.map((d: { id: string }) => d.id), [newest.id]);
      assert.equal((await deliveries(p, all.id, "?outcome=failed")).data.length, 0);
      assert.equal((await deliveries(p, all.id, "?outcome=succeeded")).data.length, 2);
      const bad = await p.call("GET", `/v1/partner/webhooks/${all.id}/deliveries?outcome=meh`);
      assert.equal(bad.status, 422);
      const badCursor = await p.call("GET", `/v1/partner/webhooks/${all.id}/deliveries?cursor=x`);
      assert.equal(badCursor.status, 422);
      assert.equal(badCursor.body.errors[0].code, "invalid_cursor");
      assert.equal((await deliveries(p, deletedOnly.id)).data.length, 1);
    });

    await t.step("redeliver: the same event again, a new delivery id", async () => {
      const log = await deliveries(p, all.id, "?limit=1");
      const first = log.data[0];
      const res = await p.call(
        "POST",
        `/v1/partner/webhooks/${all.id}/deliveries/${first.id}/redeliver`,
      );
      assert.equal(res.status, 202, JSON.stringify(res.body));
      assert.equal(res.body.trigger, "redeliver");
      assert.equal(res.body.outcome, "pending");
      assert.notEqual(res.body.id, first.id);
      const [, , third] = await receiver.waitFor(3, { path: "/all" });
      assert.equal(JSON.parse(third!.body).id, first.event_id);
      assert.equal(third!.headers.get("x-service-delivery-id"), res.body.id);
      const unknown = await p.call(
        "POST",
        `/v1/partner/webhooks/${all.id}/deliveries/${newId("dlv")}/redeliver`,
      );
      assert.equal(unknown.status, 404);
      // Another webhook's delivery is not this webhook's.
      const foreign = await p.call(
        "POST",
        `/v1/partner/webhooks/${deletedOnly.id}/deliveries/${first.id}/redeliver`,
      );
      assert.equal(foreign.status, 404);
    });

    await t.step("redeliver to an inactive webhook: 409 partner.webhook_inactive", async () => {
      const log = await deliveries(p, deletedOnly.id);
      await p.call("PATCH", `/v1/partner/webhooks/${deletedOnly.id}`, { is_active: false });
      const res = await p.call(
        "POST",
        `/v1/partner/webhooks/${deletedOnly.id}/deliveries/${log.data[0].id}/redeliver`,
      );
      assert.equal(res.status, 409);
      assert.equal(res.body.code, "partner.webhook_inactive");
      assert.ok(res.body.messageAr);
    });
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("deliveries: rotation signs with both secrets; redirects are not followed", async (t) => {
  const receiver = await startReceiver();
  const stack = await startStack({ jobService: false, delivery: {} });
  try {
    const p = await stack.partner("scale");

    await t.step("after rotation, one v1 per secret, the new one first", async () => {
      const wh = await register(p, receiver, "/rotated", ["job.deleted"]);
      const rotated = await p.call("POST", `/v1/partner/webhooks/${wh.id}/rotate-secret`);
      await publishEvent(stack, p.partnerId);
      const [r] = await receiver.waitFor(1, { path: "/rotated" });
      const t = r!.headers.get("x-service-timestamp")!;
      assert.deepEqual(v1s(r!.headers.get("x-service-signature")!), [
        expectedSignature(rotated.body.secret, t, r!.body),
        expectedSignature(wh.secret, t, r!.body),
      ]);
      for (const secret of [wh.secret, rotated.body.secret]) {
        const verdict = await verifyWebhook({
          secret,
          body: r!.body,
          signatureHeader: r!.headers.get("x-service-signature")!,
          timestampHeader: t,
        });
        assert.equal(verdict.ok, true);
      }
    });

    await t.step("a 3xx is a failure; the Location is never requested", async () => {
      const wh = await register(p, receiver, "/moved", ["job.deleted"]);
      receiver.on(
        "/moved",
        () => new Response(null, { status: 302, headers: { location: receiver.url("/target") } }),
      );
      await publishEvent(stack, p.partnerId);
      await receiver.waitFor(1, { path: "/moved" });
      const log = await waitUntil("the failed attempt", async () => {
        const body = await deliveries(p, wh.id);
        return body.data[0]?.outcome === "failed" ? body : undefined;
      });
      assert.equal(log.data[0].status_code, 302);
      assert.match(log.data[0].error, /redirect/);
      assert.equal(receiver.requests("/target").length, 0);
    });
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("deliveries: private addresses are refused again at delivery time", async () => {
  const receiver = await startReceiver();
  // The edge accepted the loopback URL (as a name that resolved publicly then might be);
  // the delivery service, with the production rule, refuses to connect.
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false" } },
  });
  try {
    const p = await stack.partner("growth");
    const wh = await register(p, receiver, "/private", ["job.deleted"]);
    await publishEvent(stack, p.partnerId);
    const log = await waitUntil("the refused attempt", async () => {
      const body = await deliveries(p, wh.id);
      return body.data[0]?.outcome === "failed" ? body : undefined;
    });
    assert.equal(log.data[0].status_code, null);
    assert.match(log.data[0].error, /^refused: localhost is a local host name/);
    assert.equal(receiver.requests("/private").length, 0);
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("deliveries: a slow endpoint does not hold up healthy ones", async () => {
  const receiver = await startReceiver();
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_TIMEOUT: "10s", WEBHOOK_MAX_IN_FLIGHT: "4" } },
  });
  try {
    const slowPartner = await stack.partner("growth");
    const healthy = await stack.partner("growth");
    await register(slowPartner, receiver, "/slow", ["job.deleted"]);
    await register(healthy, receiver, "/fast", ["job.deleted"]);
    receiver.on("/slow", async (req) => {
      await sleep(10_000, req.signal);
      return new Response("late");
    });
    for (let i = 0; i < 20; i++) await publishEvent(stack, slowPartner.partnerId);
    const [firstSlow] = await receiver.waitFor(4, { path: "/slow" });
    for (let i = 0; i < 5; i++) await publishEvent(stack, healthy.partnerId);
    // All five arrive while the slow endpoint's first attempts are still hanging.
    const fast = await receiver.waitFor(5, { path: "/fast", timeoutMs: 9000 });
    assert.ok(fast.every((r) => r.receivedAt < firstSlow!.receivedAt + 10_000));
    assert.ok(receiver.requests("/slow").length <= 4, "at most 4 in flight to one webhook");
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("deliveries: a worker and its places are free once the response is in, while its record waits on the database", async () => {
  const receiver = await startReceiver();
  // Two workers, one place per webhook and per partner: while a's and b's records wait, a
  // third attempt goes out only if neither their workers nor their places are still held.
  const stack = await startStack({
    jobService: false,
    delivery: {
      env: {
        DELIVERY_CONCURRENCY: "2",
        WEBHOOK_MAX_IN_FLIGHT: "1",
        DELIVERY_PARTNER_MAX_IN_FLIGHT: "1",
      },
    },
  });
  const held = await stack.sql.reserve();
  try {
    const [a, b, c] = [
      await stack.partner("growth"),
      await stack.partner("growth"),
      await stack.partner("growth"),
    ];
    const hooks = [
      await register(a, receiver, "/a", ["job.deleted"]),
      await register(b, receiver, "/b", ["job.deleted"]),
      await register(c, receiver, "/c", ["job.deleted"]),
    ];
    // A success resets a failure count above 0: the records of a's and b's attempts must
    // update their webhooks' rows, which this transaction holds (not against key share:
    // queueing an attempt takes that lock on its webhook's row, for the foreign key).
    const ab = [hooks[0]!.id, hooks[1]!.id];
    await stack.sql`UPDATE webhooks SET consecutive_failures = 1 WHERE id = ANY(${ab})`;
    await held`BEGIN`;
    await held`SELECT 1 FROM webhooks WHERE id = ANY(${ab}) FOR NO KEY UPDATE`;

    await publishEvent(stack, a.partnerId);
    await publishEvent(stack, b.partnerId);
    await receiver.waitFor(1, { path: "/a" });
    await receiver.waitFor(1, { path: "/b" });
    // Both workers' records wait on the lock; c's attempt goes out all the same, and so
    // does a's next event (another job's) to the webhook whose one place a's first took.
    await publishEvent(stack, c.partnerId);
    await receiver.waitFor(1, { path: "/c", timeoutMs: 10_000 });
    await publishEvent(stack, a.partnerId);
    await receiver.waitFor(2, { path: "/a", timeoutMs: 10_000 });
    const [pending] = await stack.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM webhook_deliveries
      WHERE webhook_id = ANY(${ab}) AND status = 'pending'`;
    assert.equal(pending!.n, 3, "a's two and b's records were still waiting");

    await held`ROLLBACK`;
    for (const [p, wh, n] of [[a, hooks[0]!, 2], [b, hooks[1]!, 1], [c, hooks[2]!, 1]] as const) {
      await waitUntil(`${wh.id} recorded`, async () => {
        const log = await deliveries(p, wh.id);
        return (log.data.length === n &&
          log.data.every((d: { outcome: string }) => d.outcome === "succeeded")) || undefined;
      });
    }
    assert.equal(receiver.requests("/a").length, 2, "each attempt made once");
  } finally {
    held.release();
    await stack.stop();
    await receiver.stop();
  }
});
