/**
 * Webhook signing secrets at rest on the real stack: what the `webhooks` row holds (read
 * directly), deliveries signed with the secrets the API returned (checked by an HMAC
 * computed here), the rotation of the encryption key, rows from before encryption, and the
 * previous secret cleared after its overlap.
 */
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { ConfigError } from "@hire/config";
import { loadDeliveryConfig } from "@hire/delivery-service/config.ts";
import { loadEdgeConfig } from "@hire/edge-service/config.ts";
import type { Sql } from "@hire/db";
import {
  createSecretBox,
  formatSecretKeys,
  generateSecretKey,
  generateWebhookSecret,
  openStoredSecret,
  parseSecretKeys,
  type SecretBox,
  type StoredSecretColumns,
} from "@hire/webhooks";
import { type ReceivedRequest, startReceiver } from "@hire/testing/receiver.ts";
import { type Stack, startStack, TEST_ENV } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { insertWebhookRow } from "@hire/testing/webhook_rows.ts";
import { publishEvent, register } from "@hire/testing/webhooks.ts";

const TEST_KEYS = parseSecretKeys(TEST_ENV.WEBHOOK_SECRET_KEYS).keys;
const TEST_BOX = createSecretBox(TEST_KEYS);

type StoredRow = StoredSecretColumns & { id: string; text: string };

/** The row as stored, and all of it as text (to look for a plaintext secret anywhere). */
async function stored(sql: Sql, id: string): Promise<StoredRow> {
  const [row] = await sql<StoredRow[]>`
    SELECT w.*, row_to_json(w)::text AS text FROM webhooks w WHERE id = ${id}`;
  return row!;
}

/** The `v1` signatures of a delivery, each checked against the secrets given, in order. */
function signedWith(r: ReceivedRequest, secrets: string[]): boolean {
  const t = r.headers.get("x-service-timestamp")!;
  const v1s = r.headers.get("x-service-signature")!.split(",").filter((p) => p.startsWith("v1="));
  const expected = secrets.map((s) =>
    `v1=${createHmac("sha256", s).update(`${t}.${r.body}`).digest("hex")}`
  );
  return JSON.stringify(v1s) === JSON.stringify(expected);
}

function assertNoPlaintext(row: StoredRow, ...secrets: string[]) {
  assert.equal(row.secret, null);
  assert.equal(row.previous_secret, null);
  for (const s of secrets) {
    // Neither the secret nor its random part, in any column (bytea shows as hex).
    assert.ok(!row.text.includes(s.slice("whsec_".length)), "plaintext secret stored");
    const hex = Array.from(new TextEncoder().encode(s), (b) => b.toString(16).padStart(2, "0"))
      .join("");
    assert.ok(!row.text.includes(hex.slice(12, 60)), "plaintext secret stored as bytes");
  }
}

Deno.test("webhook secrets: stored sealed, signed with, moved ones refused, the previous cleared", async (t) => {
  const receiver = await startReceiver();
  const stack = await startStack({
    jobService: false,
    delivery: { env: { WEBHOOK_SECRET_SWEEP_MS: "100" } },
  });
  try {
    const p = await stack.partner("growth");
    const wh = await register(p, receiver, "/sealed", ["job.deleted"]);
    let newSecret = "";

    await t.step("registration stores the secret sealed, bound to the row", async () => {
      const row = await stored(stack.sql, wh.id);
      assertNoPlaintext(row, wh.secret);
      assert.equal(row.secret_key_id, "test");
      assert.equal(await openStoredSecret(row, { box: TEST_BOX, slot: "current" }), wh.secret);
    });

    await t.step(
      "rotation stores both secrets sealed; deliveries are signed with both",
      async () => {
        const rotated = await p.call("POST", `/v1/partner/webhooks/${wh.id}/rotate-secret`);
        assert.equal(rotated.status, 200);
        newSecret = rotated.body.secret;
        const row = await stored(stack.sql, wh.id);
        assertNoPlaintext(row, wh.secret, newSecret);
        assert.equal(row.previous_secret_key_id, "test");
        assert.equal(await openStoredSecret(row, { box: TEST_BOX, slot: "current" }), newSecret);
        assert.equal(await openStoredSecret(row, { box: TEST_BOX, slot: "previous" }), wh.secret);
        await publishEvent(stack, p.partnerId);
        const [r] = await receiver.waitFor(1, { path: "/sealed" });
        assert.ok(signedWith(r!, [newSecret, wh.secret]));
      },
    );

    await t.step("after the overlap the previous secret is cleared and signs nothing", async () => {
      await stack.sql`UPDATE webhooks SET previous_secret_until = now() - interval '1 second'
        WHERE id = ${wh.id}`;
      const row = await waitUntil("the sweep", async () => {
        const r = await stored(stack.sql, wh.id);
        return r.previous_secret_ciphertext === null ? r : undefined;
      });
      assert.equal(row.previous_secret_key_id, null);
      assert.equal(row.previous_secret_until, null);
      const got = await p.call("GET", `/v1/partner/webhooks/${wh.id}`);
      assert.equal(got.body.previous_secret_expires_at, null);
      await publishEvent(stack, p.partnerId);
      const [, r] = await receiver.waitFor(2, { path: "/sealed" });
      assert.ok(signedWith(r!, [newSecret]));
    });

    await t.step(
      "a ciphertext moved to another webhook does not sign; its attempts wait",
      async () => {
        const victim = await register(p, receiver, "/victim", ["job.deleted"]);
        const own = (await stored(stack.sql, victim.id)).secret_ciphertext;
        await stack.sql`UPDATE webhooks SET secret_ciphertext =
        (SELECT secret_ciphertext FROM webhooks WHERE id = ${wh.id}) WHERE id = ${victim.id}`;
        await assert.rejects(
          openStoredSecret(await stored(stack.sql, victim.id), { box: TEST_BOX, slot: "current" }),
          /sealed for another webhook or slot/,
        );
        const event = await publishEvent(stack, p.partnerId);
        // Claimed, not made: the attempt stays pending under its lease, nothing is sent.
        await waitUntil("the claim", async () => {
          const [d] = await stack.sql`SELECT d.status FROM webhook_deliveries d
          JOIN delivery_queue q ON q.delivery_id = d.id
          WHERE d.webhook_id = ${victim.id} AND d.event_id = ${event.id}
            AND q.locked_until > now()`;
          return d?.status === "pending" ? d : undefined;
        });
        // The dispatcher goes on with other webhooks.
        await receiver.waitFor(3, { path: "/sealed" });
        const later = await publishEvent(stack, p.partnerId);
        await receiver.waitFor(4, { path: "/sealed" });
        assert.equal(receiver.requests("/victim").length, 0);
        // Its own ciphertext back and the lease over: the waiting attempt is made, signed right.
        await stack.sql`UPDATE webhooks SET secret_ciphertext = ${own} WHERE id = ${victim.id}`;
        await stack.sql`UPDATE delivery_queue SET locked_until = NULL
        WHERE webhook_id = ${victim.id}`;
        const got = await receiver.waitFor(2, { path: "/victim" });
        assert.deepEqual(got.map((r) => JSON.parse(r.body).id).sort(), [event.id, later.id].sort());
        for (const r of got) assert.ok(signedWith(r, [victim.secret]));
      },
    );
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("webhook secrets: a new first key re-encrypts every row; deliveries still verify", async () => {
  const next = generateSecretKey("next");
  const receiver = await startReceiver();
  // Mid-rotation: the edge has the new key second (it seals with the old one and opens
  // both), the delivery service has it first.
  const stack = await startStack({
    jobService: false,
    edgeEnv: { WEBHOOK_SECRET_KEYS: formatSecretKeys([...TEST_KEYS, next]) },
    delivery: {
      start: false,
      env: {
        WEBHOOK_SECRET_KEYS: formatSecretKeys([next, ...TEST_KEYS]),
        WEBHOOK_SECRET_SWEEP_MS: "100",
      },
    },
  });
  try {
    const p = await stack.partner("scale");
    const hooks = [];
    for (const path of ["/k1", "/k2", "/k3"]) {
      hooks.push({ path, ...await register(p, receiver, path, ["job.deleted"]), old: "" });
    }
    const rotated = await p.call("POST", `/v1/partner/webhooks/${hooks[0]!.id}/rotate-secret`);
    hooks[0] = { ...hooks[0]!, old: hooks[0]!.secret, secret: rotated.body.secret };
    for (const h of hooks) assert.equal((await stored(stack.sql, h.id)).secret_key_id, "test");

    await stack.startDeliveryService();
    const onlyNext = createSecretBox([next]);
    await reencrypted(stack, hooks.map((h) => h.id), onlyNext);
    for (const h of hooks) {
      const row = await stored(stack.sql, h.id);
      assertNoPlaintext(row, h.secret);
      assert.equal(await openStoredSecret(row, { box: onlyNext, slot: "current" }), h.secret);
    }
    const first = await stored(stack.sql, hooks[0]!.id);
    assert.equal(first.previous_secret_key_id, "next");
    assert.equal(await openStoredSecret(first, { box: onlyNext, slot: "previous" }), hooks[0]!.old);

    await publishEvent(stack, p.partnerId);
    for (const h of hooks) {
      const [r] = await receiver.waitFor(1, { path: h.path });
      assert.ok(signedWith(r!, h.old ? [h.secret, h.old] : [h.secret]), h.path);
    }
    // The edge, which opens both keys, still rotates a row re-encrypted under the new one
    // (sealing with its own first key, which the next sweep moves on).
    const again = await p.call("POST", `/v1/partner/webhooks/${hooks[1]!.id}/rotate-secret`);
    assert.equal(again.status, 200);
    await reencrypted(stack, [hooks[1]!.id], onlyNext);
    const row = await stored(stack.sql, hooks[1]!.id);
    assert.equal(
      await openStoredSecret(row, { box: onlyNext, slot: "current" }),
      again.body.secret,
    );
    assert.equal(
      await openStoredSecret(row, { box: onlyNext, slot: "previous" }),
      hooks[1]!.secret,
    );
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

/** Waits until every row of `ids` has both its secrets under the box's current key. */
function reencrypted(stack: Stack, ids: string[], box: SecretBox) {
  return waitUntil("the re-encryption", async () => {
    const rows = await stack.sql`SELECT id FROM webhooks WHERE id IN ${stack.sql(ids)}
      AND secret_key_id = ${box.currentKeyId!}
      AND coalesce(previous_secret_key_id, ${box.currentKeyId!}) = ${box.currentKeyId!}`;
    return rows.length === ids.length ? rows : undefined;
  });
}

Deno.test("webhook secrets: rows from before encryption are sealed, and still sign", async (t) => {
  const receiver = await startReceiver();
  const stack = await startStack({ jobService: false, delivery: { start: false } });
  try {
    const p = await stack.partner("growth");
    // As migration 0009 leaves rows stored before it: plaintext only.
    const legacy = async (path: string) => {
      const secret = generateWebhookSecret();
      const url = receiver.url(path);
      return {
        id: await insertWebhookRow(stack.sql, { partnerId: p.partnerId, url, secret }),
        secret,
      };
    };
    const rotatedLegacy = await legacy("/rotated-legacy");
    const plain = await legacy("/legacy");

    await t.step("the edge rotates a plaintext row into a sealed one", async () => {
      const res = await p.call("POST", `/v1/partner/webhooks/${rotatedLegacy.id}/rotate-secret`);
      assert.equal(res.status, 200);
      const row = await stored(stack.sql, rotatedLegacy.id);
      assertNoPlaintext(row, rotatedLegacy.secret, res.body.secret);
      const previous = await openStoredSecret(row, { box: TEST_BOX, slot: "previous" });
      assert.equal(previous, rotatedLegacy.secret);
    });

    await t.step(
      "the delivery service seals the rest as it starts, and signs with them",
      async () => {
        assert.equal((await stored(stack.sql, plain.id)).secret, plain.secret);
        await stack.startDeliveryService();
        const row = await stored(stack.sql, plain.id);
        assertNoPlaintext(row, plain.secret);
        assert.equal(row.secret_key_id, "test");
        await publishEvent(stack, p.partnerId);
        const [r] = await receiver.waitFor(1, { path: "/legacy" });
        assert.ok(signedWith(r!, [plain.secret]));
      },
    );
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

Deno.test("webhook secrets: production without WEBHOOK_SECRET_KEYS does not start", () => {
  for (const load of [loadEdgeConfig, loadDeliveryConfig]) {
    assert.throws(
      () => load({ HIRE_ENV: "production" }),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.problems.some((p) => p.startsWith("WEBHOOK_SECRET_KEYS: required when HIRE_ENV=")),
    );
    const keys = formatSecretKeys([generateSecretKey("prod")]);
    assert.equal(
      load({ HIRE_ENV: "production", WEBHOOK_SECRET_KEYS: keys }).WEBHOOK_SECRET_KEYS[0]!.id,
      "prod",
    );
    // Development runs without (main.ts fills it from .local/ first).
    assert.deepEqual(load({}).WEBHOOK_SECRET_KEYS, []);
  }
});
