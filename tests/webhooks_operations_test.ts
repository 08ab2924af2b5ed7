/**
 * What partners do from the delivery log on the real stack (Kafka, Postgres, the delivery
 * service, a real HTTPS receiver): test events, a delivery's detail, recovery of failed
 * events, the log's filters, and 404 for what is another partner's.
 */
import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { publicEnvelope } from "@hire/jobs";
import { exampleJobEvent } from "@hire/topology";
import { verifyWebhook } from "@hire/webhooks";
import { sleep, startReceiver } from "@hire/testing/receiver.ts";
import { assertFieldError, startStack, type TestPartner } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { deliveries, publishEvent, register } from "@hire/testing/webhooks.ts";

const HOUR = 3_600_000;

/** The detail at `location` once its attempt was made. */
function settled(p: TestPartner, location: string) {
  return waitUntil(`the attempt at ${location}`, async () => {
    const res = await p.call("GET", location);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.outcome === "pending" ? undefined : res.body;
  });
}

Deno.test("test events and recovery, on the real delivery service", async (t) => {
  const receiver = await startReceiver();
  // One rung, so a failed event is given up on within seconds; no disabling in the way.
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_RETRY_SCHEDULE: "1s", WEBHOOK_DISABLE_AFTER: "100" } },
  });
  try {
    const p = await stack.partner("growth");

    await t.step(
      "a test event arrives signed, with the documented example, marked test",
      async () => {
        // Subscribed to another type: any of the four may be tested.
        const wh = await register(p, receiver, "/test", ["job.deleted"]);
        receiver.on("/test", () => new Response("thanks \u{1F44D}", { status: 202 }));
        const res = await p.call("POST", `/v1/partner/webhooks/${wh.id}/test`, {
          event_type: "job.created",
        });
        assert.equal(res.status, 202, JSON.stringify(res.body));
        assert.equal(res.body.trigger, "test");
        assert.equal(res.body.outcome, "pending");
        assert.equal(res.body.event_type, "job.created");
        const location = `/v1/partner/webhooks/${wh.id}/deliveries/${res.body.id}`;
        assert.equal(res.headers.get("location"), location);

        const [got] = await receiver.waitFor(1, { path: "/test" });
        assert.equal(got!.headers.get("x-service-event"), "job.created");
        assert.equal(got!.headers.get("x-service-delivery-id"), res.body.id);
        const verdict = await verifyWebhook({
          secret: wh.secret,
          body: got!.body,
          signatureHeader: got!.headers.get("x-service-signature"),
          timestampHeader: got!.headers.get("x-service-timestamp"),
        });
        assert.equal(verdict.ok, true);
        const body = JSON.parse(got!.body);
        assert.deepEqual(Object.keys(body), ["id", "type", "created_at", "data", "test"]);
        assert.equal(body.id, res.body.event_id);
        assert.equal(body.test, true);
        assert.deepEqual(body.data, publicEnvelope(exampleJobEvent("job.created")).data);

        const detail = await settled(p, location);
        assert.equal(detail.outcome, "succeeded");
        assert.equal(detail.status_code, 202);
        assert.equal(typeof detail.duration_ms, "number");
        assert.equal(detail.response_excerpt, "thanks \u{1F44D}");
        assert.equal(detail.request_body, got!.body);
        // The headers as the receiver got them, the signature's included.
        assert.ok(detail.request_headers["X-Service-Signature"]);
        for (const [name, value] of Object.entries(detail.request_headers)) {
          assert.equal(got!.headers.get(name), value, name);
        }
      },
    );

    await t.step(
      "a test to a failing, paused endpoint is made once and counts no failure",
      async () => {
        const wh = await register(p, receiver, "/failing", ["job.deleted"]);
        receiver.on("/failing", () => new Response("nope", { status: 500 }));
        await p.call("PATCH", `/v1/partner/webhooks/${wh.id}`, { is_active: false });
        const res = await p.call("POST", `/v1/partner/webhooks/${wh.id}/test`, {
          event_type: "job.deleted",
        });
        assert.equal(res.status, 202, JSON.stringify(res.body));
        const detail = await settled(p, res.headers.get("location")!);
        assert.equal(detail.outcome, "failed");
        assert.equal(detail.status_code, 500);
        assert.equal(detail.response_excerpt, "nope");
        assert.equal(detail.next_attempt_at, null);
        assert.equal(detail.final, false);
        // The ladder's one rung is 1 s: a retry would have come by now.
        await sleep(2000);
        assert.equal(receiver.requests("/failing").length, 1);
        const [row] = await stack.sql<{ consecutive_failures: number }[]>`
        SELECT consecutive_failures FROM webhooks WHERE id = ${wh.id}`;
        assert.equal(row!.consecutive_failures, 0);
      },
    );

    await t.step(
      "recover: a dry run counts, then the failed events are resent and arrive",
      async () => {
        const wh = await register(p, receiver, "/recover", ["job.deleted"]);
        receiver.on("/recover", () => new Response("down", { status: 503 }));
        const events = [];
        for (let i = 0; i < 3; i++) events.push(await publishEvent(stack, p.partnerId));
        await waitUntil("three events given up on", async () => {
          const log = await deliveries(p, wh.id, "?limit=100");
          const dead = log.data.filter((d: { final: boolean }) => d.final);
          return dead.length === 3 ? dead : undefined;
        });
        receiver.on("/recover", () => new Response("ok"));
        const path = `/v1/partner/webhooks/${wh.id}/recover`;
        const since = new Date(Date.now() - HOUR).toISOString();

        const dry = await p.call("POST", path, { since, dry_run: true });
        assert.equal(dry.status, 200, JSON.stringify(dry.body));
        assert.deepEqual(dry.body, { count: 3, capped: false, since });
        assert.equal(receiver.requests("/recover").length, 6, "the dry run sent nothing");

        const real = await p.call("POST", path, { since });
        assert.equal(real.status, 202, JSON.stringify(real.body));
        assert.deepEqual(real.body, { count: 3, capped: false, since });
        const got = await receiver.waitFor(9, { path: "/recover" });
        assert.deepEqual(
          got.slice(6).map((r) => JSON.parse(r.body).id).sort(),
          events.map((e) => e.id).sort(),
        );
        const log = await waitUntil("three redeliveries recorded", async () => {
          const page = await deliveries(p, wh.id, "?limit=100&outcome=succeeded");
          return page.data.length === 3 ? page.data : undefined;
        });
        assert.ok(log.every((d: { trigger: string }) => d.trigger === "redeliver"));
        // Nothing failed is left.
        assert.equal((await p.call("POST", path, { since, dry_run: true })).body.count, 0);
      },
    );

    await t.step("recover: since older than the log, or not RFC 3339, is 422", async () => {
      const wh = await register(p, receiver, "/recover-422", ["job.deleted"]);
      const path = `/v1/partner/webhooks/${wh.id}/recover`;
      const old = new Date(Date.now() - 31 * 24 * HOUR).toISOString();
      assertFieldError(await p.call("POST", path, { since: old }), "/since", "too_old");
      assertFieldError(
        await p.call("POST", path, { since: "2025-03-01 10:00" }),
        "/since",
        "invalid_format",
      );
      assertFieldError(await p.call("POST", path, {}), "/since", "required");
    });

    await t.step("recover of a paused webhook: 409 partner.webhook_inactive", async () => {
      const wh = await register(p, receiver, "/recover-paused", ["job.deleted"]);
      await p.call("PATCH", `/v1/partner/webhooks/${wh.id}`, { is_active: false });
      const res = await p.call("POST", `/v1/partner/webhooks/${wh.id}/recover`, {
        since: new Date(Date.now() - HOUR).toISOString(),
        dry_run: true,
      });
      assert.equal(res.status, 409);
      assert.equal(res.body.code, "partner.webhook_inactive");
      assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
    });
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("the delivery log filters, and another partner's ids answer 404", async (t) => {
  // No delivery service: the queued test events are the log's entries, as they stand.
  const stack = await startStack({ jobService: false });
  try {
    const p = await stack.partner("growth");
    const created = await p.call("POST", "/v1/partner/webhooks", {
      url: "https://hooks.partner.example/hire",
      events: ["job.created"],
    });
    const wh = created.body;
    const base = `/v1/partner/webhooks/${wh.id}`;
    const sent: { id: string; event_id: string; created_at: string }[] = [];
    for (const type of ["job.created", "job.deleted", "job.created", "job.matched"]) {
      const res = await p.call("POST", `${base}/test`, { event_type: type });
      assert.equal(res.status, 202, JSON.stringify(res.body));
      sent.push(res.body);
    }
    const ids = (list: { id: string }[]) => list.map((d) => d.id);

    await t.step("by event type", async () => {
      const page = await deliveries(p, wh.id, "?event_type=job.created");
      assert.deepEqual(ids(page.data), [sent[2]!.id, sent[0]!.id]);
      assertFieldError(
        await p.call("GET", `${base}/deliveries?event_type=job.nope`),
        "/event_type",
        "invalid_enum",
      );
    });

    await t.step("by when the attempt was queued: at or after, and before", async () => {
      const at = sent[1]!.created_at;
      const after = await deliveries(p, wh.id, `?created_after=${at}`);
      assert.deepEqual(ids(after.data), [sent[3]!.id, sent[2]!.id, sent[1]!.id]);
      const before = await deliveries(p, wh.id, `?created_before=${at}`);
      assert.deepEqual(ids(before.data), [sent[0]!.id]);
      const both = await deliveries(
        p,
        wh.id,
        `?created_after=${at}&created_before=${sent[3]!.created_at}&event_type=job.created`,
      );
      assert.deepEqual(ids(both.data), [sent[2]!.id]);
      // An offset is RFC 3339 too; `+` is a space in a query string, so it is sent encoded.
      const riyadh = new Date(Date.parse(at) + 3 * HOUR).toISOString().replace("Z", "+03:00");
      const same = await deliveries(p, wh.id, `?created_after=${encodeURIComponent(riyadh)}`);
      assert.deepEqual(ids(same.data), ids(after.data));
      for (const bad of ["yesterday", "2025-03-01", "2025-03-01T10:00Z"]) {
        assertFieldError(
          await p.call("GET", `${base}/deliveries?created_after=${bad}`),
          "/created_after",
          "invalid_format",
        );
      }
    });

    await t.step("the detail of a queued entry: its body, nothing sent yet", async () => {
      const res = await p.call("GET", `${base}/deliveries/${sent[3]!.id}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.outcome, "pending");
      assert.equal(res.body.request_headers, null);
      assert.equal(res.body.response_excerpt, null);
      assert.equal(JSON.parse(res.body.request_body).id, sent[3]!.event_id);
    });

    await t.step("another partner's webhook and deliveries answer 404 everywhere", async () => {
      const other = await stack.partner("growth");
      const { body: own } = await other.call("POST", "/v1/partner/webhooks", {
        url: "https://hooks.other.example/hire",
        events: ["job.created"],
      });
      const since = new Date(Date.now() - HOUR).toISOString();
      const dlv = sent[0]!.id;
      const cases: [string, string, unknown?][] = [
        ["GET", `${base}/deliveries/${dlv}`],
        ["GET", `${base}/deliveries`],
        ["POST", `${base}/deliveries/${dlv}/redeliver`],
        ["POST", `${base}/test`, { event_type: "job.created" }],
        ["POST", `${base}/recover`, { since }],
        // Its own webhook with the first partner's delivery id.
        ["GET", `/v1/partner/webhooks/${own.id}/deliveries/${dlv}`],
        ["POST", `/v1/partner/webhooks/${own.id}/deliveries/${dlv}/redeliver`],
      ];
      for (const [method, path, body] of cases) {
        const r = await other.call(method, path, body);
        assert.equal(r.status, 404, `${method} ${path}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.code, "partner.not_found");
      }
      // Ids that cannot exist, and one that does not.
      for (const id of ["dlv_nope", newId("dlv")]) {
        assert.equal((await p.call("GET", `${base}/deliveries/${id}`)).status, 404, id);
      }
      assert.equal((await deliveries(p, wh.id)).data.length, sent.length, "nothing was queued");
    });
  } finally {
    await stack.stop();
  }
});
