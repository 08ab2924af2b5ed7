/**
 * The webhook registration API on the real stack: register, list, update, delete, rotate,
 * plan gating, ownership, and the URL rules at registration (here without the private
 * network exemption, as in production).
 */
import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { isWebhookSecret } from "@hire/webhooks";
import { startStack } from "@hire/testing/stack.ts";

const ULID_ID = (prefix: string) => new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);
const VALID = { url: "https://hooks.partner.example/hire", events: ["job.created"] };

Deno.test("webhook registration API", async (t) => {
  const stack = await startStack({ jobService: false });
  try {
    const p = await stack.partner("growth");

    await t.step("register: 201, the webhook with its secret, defaults applied", async () => {
      const res = await p.call("POST", "/v1/partner/webhooks", {
        url: "https://hooks.partner.example/hire",
        events: ["job.matched", "job.created", "job.created"],
      });
      assert.equal(res.status, 201);
      assert.match(res.body.id, ULID_ID("wh"));
      assert.ok(isWebhookSecret(res.body.secret), res.body.secret);
      assert.equal(res.body.url, "https://hooks.partner.example/hire");
      // A set: duplicates folded, in the catalogue's order.
      assert.deepEqual(res.body.events, ["job.created", "job.matched"]);
      assert.equal(res.body.is_active, true);
      assert.equal(res.body.disabled_at, null);
      assert.equal(res.body.disabled_reason, null);
      assert.equal(res.body.previous_secret_expires_at, null);
      assert.ok(!Number.isNaN(Date.parse(res.body.created_at)));
      assert.equal(res.headers.get("location"), `/v1/partner/webhooks/${res.body.id}`);
    });

    await t.step("the secret is never returned again: not by list, get or patch", async () => {
      const created = await p.call("POST", "/v1/partner/webhooks", VALID);
      const list = await p.call("GET", "/v1/partner/webhooks");
      assert.equal(list.status, 200);
      assert.ok(list.body.data.length >= 2);
      assert.ok(list.body.data.some((w: { id: string }) => w.id === created.body.id));
      const got = await p.call("GET", `/v1/partner/webhooks/${created.body.id}`);
      const patched = await p.call("PATCH", `/v1/partner/webhooks/${created.body.id}`, {
        is_active: false,
      });
      for (const body of [...list.body.data, got.body, patched.body]) {
        assert.equal("secret" in body, false, JSON.stringify(body));
        assert.ok(!JSON.stringify(body).includes("whsec_"));
      }
    });

    await t.step("registered inactive: is_active false", async () => {
      const res = await p.call("POST", "/v1/partner/webhooks", { ...VALID, is_active: false });
      assert.equal(res.status, 201);
      assert.equal(res.body.is_active, false);
    });

    await t.step("list: oldest first, only this partner's", async () => {
      const other = await stack.partner("scale");
      await other.call("POST", "/v1/partner/webhooks", VALID);
      const list = await p.call("GET", "/v1/partner/webhooks");
      const times = list.body.data.map((w: { created_at: string }) => Date.parse(w.created_at));
      assert.deepEqual(times, [...times].sort((a, b) => a - b));
      const theirs = await other.call("GET", "/v1/partner/webhooks");
      assert.equal(theirs.body.data.length, 1);
    });

    await t.step("patch: partial update of url, events, is_active", async () => {
      const { body: wh } = await p.call("POST", "/v1/partner/webhooks", VALID);
      const res = await p.call("PATCH", `/v1/partner/webhooks/${wh.id}`, {
        url: "https://other.partner.example/x",
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.url, "https://other.partner.example/x");
      assert.deepEqual(res.body.events, ["job.created"]);
      assert.equal(res.body.is_active, true);
      const res2 = await p.call("PATCH", `/v1/partner/webhooks/${wh.id}`, {
        events: ["job.deleted", "job.updated"],
        is_active: false,
      });
      assert.deepEqual(res2.body.events, ["job.updated", "job.deleted"]);
      assert.equal(res2.body.is_active, false);
      assert.equal(res2.body.url, "https://other.partner.example/x");
      assert.ok(Date.parse(res2.body.updated_at) >= Date.parse(res.body.updated_at));
    });

    await t.step("patch: an empty body changes nothing; unknown fields are 422", async () => {
      const { body: wh } = await p.call("POST", "/v1/partner/webhooks", VALID);
      const empty = await p.call("PATCH", `/v1/partner/webhooks/${wh.id}`, {});
      assert.equal(empty.status, 200);
      assert.equal(empty.body.updated_at, wh.updated_at);
      assert.equal(empty.body.url, wh.url);
      const secret = await p.call("PATCH", `/v1/partner/webhooks/${wh.id}`, { secret: "x" });
      assert.equal(secret.status, 422);
      assert.deepEqual(secret.body.errors.map((e: { field: string }) => e.field), ["/secret"]);
    });

    await t.step("delete: 204 with no body, then 404 everywhere", async () => {
      const { body: wh } = await p.call("POST", "/v1/partner/webhooks", VALID);
      const res = await p.call("DELETE", `/v1/partner/webhooks/${wh.id}`);
      assert.equal(res.status, 204);
      assert.equal(res.body, null);
      for (
        const [method, path] of [
          ["GET", `/v1/partner/webhooks/${wh.id}`],
          ["PATCH", `/v1/partner/webhooks/${wh.id}`],
          ["DELETE", `/v1/partner/webhooks/${wh.id}`],
          ["POST", `/v1/partner/webhooks/${wh.id}/rotate-secret`],
          ["GET", `/v1/partner/webhooks/${wh.id}/deliveries`],
        ] as const
      ) {
        const r = await p.call(method, path, method === "PATCH" ? { is_active: true } : undefined);
        assert.equal(r.status, 404, `${method} ${path}`);
        assert.equal(r.body.code, "partner.not_found");
      }
    });

    await t.step("another partner's webhook answers 404 partner.not_found", async () => {
      const { body: wh } = await p.call("POST", "/v1/partner/webhooks", VALID);
      const other = await stack.partner("growth");
      for (
        const [method, path, body] of [
          ["GET", `/v1/partner/webhooks/${wh.id}`, undefined],
          ["PATCH", `/v1/partner/webhooks/${wh.id}`, { is_active: false }],
          ["DELETE", `/v1/partner/webhooks/${wh.id}`, undefined],
          ["POST", `/v1/partner/webhooks/${wh.id}/rotate-secret`, undefined],
          ["GET", `/v1/partner/webhooks/${wh.id}/deliveries`, undefined],
        ] as const
      ) {
        const r = await other.call(method, path, body);
        assert.equal(r.status, 404, `${method} ${path}`);
        assert.equal(r.body.code, "partner.not_found");
        assert.ok(r.body.message && r.body.messageAr);
      }
      // Untouched by the attempts.
      const mine = await p.call("GET", `/v1/partner/webhooks/${wh.id}`);
      assert.equal(mine.body.is_active, true);
    });

    await t.step("ids that cannot exist answer 404", async () => {
      for (
        const id of ["wh_nope", "job_01J00000000000000000000000", "wh_01J00000000000000000000000"]
      ) {
        const r = await p.call("GET", `/v1/partner/webhooks/${id}`);
        assert.equal(r.status, 404, id);
      }
    });

    await t.step("rotate-secret: a new secret once, the old one still signs for 24 h", async () => {
      const { body: wh } = await p.call("POST", "/v1/partner/webhooks", VALID);
      const before = Date.now();
      const res = await p.call("POST", `/v1/partner/webhooks/${wh.id}/rotate-secret`);
      assert.equal(res.status, 200);
      assert.ok(isWebhookSecret(res.body.secret));
      assert.notEqual(res.body.secret, wh.secret);
      const until = Date.parse(res.body.previous_secret_expires_at);
      assert.ok(
        Math.abs(until - (before + 24 * 3600_000)) < 60_000,
        res.body.previous_secret_expires_at,
      );
      const got = await p.call("GET", `/v1/partner/webhooks/${wh.id}`);
      assert.equal(got.body.previous_secret_expires_at, res.body.previous_secret_expires_at);
      assert.equal("secret" in got.body, false);
    });

    await t.step("a partner may register at most 20 webhooks: then 409", async () => {
      const q = await stack.partner("growth");
      const results = await Promise.all(
        Array.from({ length: 22 }, () => q.call("POST", "/v1/partner/webhooks", VALID)),
      );
      assert.equal(results.filter((r) => r.status === 201).length, 20);
      const refused = results.filter((r) => r.status !== 201);
      assert.equal(refused.length, 2);
      for (const r of refused) {
        assert.equal(r.status, 409);
        assert.equal(r.body.code, "partner.webhook_limit_reached");
        assert.ok(r.body.messageAr);
      }
    });

    await t.step("unsupported methods answer 405 with Allow", async () => {
      const r = await p.call("PUT", "/v1/partner/webhooks");
      assert.equal(r.status, 405);
      assert.equal(r.headers.get("allow"), "GET, POST");
      const { body: wh } = await p.call("POST", "/v1/partner/webhooks", VALID);
      const r2 = await p.call("GET", `/v1/partner/webhooks/${wh.id}/rotate-secret`);
      assert.equal(r2.status, 405);
      assert.equal(r2.headers.get("allow"), "POST");
    });
  } finally {
    await stack.stop();
  }
});

Deno.test("webhook endpoints answer 403 partner.forbidden to a Sandbox partner", async () => {
  const stack = await startStack({ jobService: false });
  try {
    const sandbox = await stack.partner("sandbox");
    const growth = await stack.partner("growth");
    const { body: wh } = await growth.call("POST", "/v1/partner/webhooks", VALID);
    const id = wh.id;
    for (
      const [method, path, body] of [
        ["POST", "/v1/partner/webhooks", VALID],
        ["POST", "/v1/partner/webhooks", { nonsense: true }],
        ["GET", "/v1/partner/webhooks", undefined],
        ["GET", `/v1/partner/webhooks/${id}`, undefined],
        ["PATCH", `/v1/partner/webhooks/${id}`, { is_active: false }],
        ["DELETE", `/v1/partner/webhooks/${id}`, undefined],
        ["POST", `/v1/partner/webhooks/${id}/rotate-secret`, undefined],
        ["GET", `/v1/partner/webhooks/${id}/deliveries`, undefined],
        [
          "POST",
          `/v1/partner/webhooks/${id}/deliveries/dlv_01J00000000000000000000000/redeliver`,
          undefined,
        ],
        ["GET", `/v1/partner/webhooks/${id}/deliveries/dlv_01J00000000000000000000000`, undefined],
        ["POST", `/v1/partner/webhooks/${id}/test`, { event_type: "job.created" }],
        ["POST", `/v1/partner/webhooks/${id}/test`, { nonsense: true }],
        ["POST", `/v1/partner/webhooks/${id}/recover`, { since: new Date().toISOString() }],
      ] as const
    ) {
      const r = await sandbox.call(method, path, body);
      assert.equal(r.status, 403, `${method} ${path}`);
      assert.equal(r.body.code, "partner.forbidden");
      assert.ok(r.body.message.length > 0 && r.body.messageAr.length > 0);
    }
  } finally {
    await stack.stop();
  }
});

Deno.test("webhook URL and events are validated at registration", async (t) => {
  const stack = await startStack({ jobService: false });
  try {
    const p = await stack.partner("growth");
    const refused = async (body: unknown, field: string, code: string) => {
      const r = await p.call("POST", "/v1/partner/webhooks", body);
      assert.equal(r.status, 422, JSON.stringify(body));
      assert.equal(r.body.code, "partner.validation_failed");
      const e = r.body.errors.find((x: { field: string }) => x.field === field);
      assert.ok(e, `${field} in ${JSON.stringify(r.body.errors)}`);
      assert.equal(e.code, code, JSON.stringify(e));
      assert.ok(e.message && e.messageAr);
    };

    await t.step("url must be https, parseable, without credentials, ≤ 2048 chars", async () => {
      await refused({ ...VALID, url: "http://hooks.partner.example/x" }, "/url", "not_https");
      await refused({ ...VALID, url: "not a url" }, "/url", "invalid_format");
      await refused(
        { ...VALID, url: "https://u:p@hooks.partner.example/" },
        "/url",
        "url_credentials",
      );
      await refused(
        { ...VALID, url: `https://hooks.partner.example/${"a".repeat(2030)}` },
        "/url",
        "too_long",
      );
      await refused({ ...VALID, url: 42 }, "/url", "invalid_type");
      await refused({ events: ["job.created"] }, "/url", "required");
      // Exactly 2048 characters is accepted.
      const base = "https://hooks.partner.example/";
      const ok = await p.call("POST", "/v1/partner/webhooks", {
        ...VALID,
        url: base + "a".repeat(2048 - base.length),
      });
      assert.equal(ok.status, 201);
    });

    await t.step(
      "private, loopback, link-local, CGNAT, multicast, metadata hosts refused",
      async () => {
        for (
          const url of [
            "https://127.0.0.1/",
            "https://localhost/",
            "https://10.1.2.3/",
            "https://172.16.0.1/",
            "https://192.168.1.1/",
            "https://169.254.169.254/latest/meta-data",
            "https://100.64.0.1/",
            "https://224.0.0.1/",
            "https://[::1]/",
            "https://[::ffff:127.0.0.1]/",
            "https://[fd00::1]/",
            "https://[fe80::1]/",
            "https://0x7f.1/",
            "https://metadata.google.internal/",
            "https://2130706433/",
          ]
        ) {
          await refused({ ...VALID, url }, "/url", "forbidden_host");
        }
      },
    );

    await t.step("events: a non-empty set of the four types", async () => {
      await refused({ ...VALID, events: [] }, "/events", "too_few_items");
      await refused({ ...VALID, events: ["job.exploded"] }, "/events/0", "invalid_enum");
      await refused({ ...VALID, events: "job.created" }, "/events", "invalid_type");
      await refused({ url: VALID.url }, "/events", "required");
    });

    await t.step("unknown fields and wrong types are refused", async () => {
      await refused({ ...VALID, secret: "whsec_mine" }, "/secret", "unknown_field");
      await refused({ ...VALID, is_active: "yes" }, "/is_active", "invalid_type");
    });

    await t.step("malformed JSON is 400, not JSON 415", async () => {
      const bad = await p.call("POST", "/v1/partner/webhooks", "{nope");
      assert.equal(bad.status, 400);
      const text = await p.call("POST", "/v1/partner/webhooks", "x", {
        "content-type": "text/plain",
      });
      assert.equal(text.status, 415);
    });

    await t.step("the same rules on PATCH", async () => {
      const { body: wh } = await p.call("POST", "/v1/partner/webhooks", VALID);
      const r = await p.call("PATCH", `/v1/partner/webhooks/${wh.id}`, {
        url: "https://169.254.169.254/",
      });
      assert.equal(r.status, 422);
      assert.equal(r.body.errors[0].code, "forbidden_host");
      const still = await p.call("GET", `/v1/partner/webhooks/${wh.id}`);
      assert.equal(still.body.url, VALID.url);
    });
  } finally {
    await stack.stop();
  }
});

Deno.test("the delivery log pages through attempts made within one millisecond", async () => {
  const stack = await startStack({ jobService: false });
  try {
    const p = await stack.partner("growth");
    const wh = await p.call("POST", "/v1/partner/webhooks", VALID);
    const eventId = newId("evt");
    await stack.sql`
      INSERT INTO webhook_events (id, partner_id, job_id, type, envelope)
      VALUES (${eventId}, ${p.partnerId}, ${newId("job")}, 'job.created', '{}')`;
    // Microseconds apart, as now() in concurrent transactions can be (sent as text:
    // postgres.js would pass a timestamp through a Date, which keeps milliseconds only).
    for (const [attempt, at] of [[1, ".123100"], [2, ".123200"], [3, ".123300"]] as const) {
      await stack.sql`
        INSERT INTO webhook_deliveries (id, webhook_id, partner_id, event_id, event_type,
          job_id, attempt, trigger, status, created_at)
        VALUES (${newId("dlv")}, ${wh.body.id}, ${p.partnerId}, ${eventId}, 'job.created',
          'job_x', ${attempt}, 'retry', 'failed', ${`2026-01-01T00:00:00${at}Z`}::text::timestamptz)`;
    }
    const seen: number[] = [];
    let cursor = "";
    for (let page = 0; page < 5; page++) {
      const res = await p.call(
        "GET",
        `/v1/partner/webhooks/${wh.body.id}/deliveries?limit=1${cursor}`,
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      seen.push(...res.body.data.map((d: { attempt: number }) => d.attempt));
      if (!res.body.has_more) break;
      cursor = `&cursor=${res.body.next_cursor}`;
    }
    assert.deepEqual(seen.sort(), [1, 2, 3]);
  } finally {
    await stack.stop();
  }
});
