/**
 * A partner's named keys through the real API: what the console does to a key (issue, roll,
 * revoke) holds on the edge at once, and the edge records when each key was last used.
 */
import assert from "node:assert/strict";
import { createKey, revokeKey, rollKey } from "@hire/accounts";
import { connect, SERVICE_ROLES } from "@hire/db";
import type { Actor } from "@hire/tables";
import { startStack } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";

// Every service as its role, the edge's last_used_at write included.
const stack = await startStack({ roles: true });
const consoleSql = connect(stack.env.DATABASE_URL!, {
  max: 2,
  settings: { role: SERVICE_ROLES.console },
});
Deno.test.afterAll(async () => {
  await consoleSql.end();
  await stack.stop();
});

const person: Actor = { kind: "user", id: "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV", label: "dev@acme.sa" };

async function statusWith(key: string): Promise<number> {
  return (await stack.fetch("/v1/partner/jobs", { headers: { authorization: `Bearer ${key}` } }))
    .status;
}

/** Waits for the edge to refuse `key`: a change reaches it when Postgres announces it. */
async function refusedSoon(key: string): Promise<void> {
  await waitUntil(
    "the key to be refused",
    async () => (await statusWith(key)) === 401 || undefined,
    { timeoutMs: 2_000, intervalMs: 20 },
  );
}

function issued<T extends object>(result: T | string): T {
  assert.equal(typeof result, "object", `refused: ${String(result)}`);
  return result as T;
}

async function keyIdOf(partnerId: string): Promise<string> {
  const [row] = await stack.sql<{ id: string }[]>`
    SELECT id FROM api_keys WHERE partner_id = ${partnerId} ORDER BY created_at LIMIT 1`;
  return row!.id;
}

Deno.test("a second named key works beside the first", async () => {
  const partner = await stack.partner();
  const second = issued(
    await createKey(consoleSql, { partnerId: partner.partnerId, name: "Staging", actor: person }),
  );
  assert.equal(await statusWith(partner.apiKey), 200);
  assert.equal(await statusWith(second.apiKey), 200);
});

Deno.test("a key rolled with 1h keeps working beside its successor", async () => {
  const partner = await stack.partner();
  assert.equal(await statusWith(partner.apiKey), 200);
  const rolled = issued(
    await rollKey(consoleSql, {
      partnerId: partner.partnerId,
      keyId: await keyIdOf(partner.partnerId),
      expiresIn: "1h",
      actor: person,
    }),
  );
  assert.equal(await statusWith(partner.apiKey), 200);
  assert.equal(await statusWith(rolled.apiKey), 200);
});

Deno.test("a key rolled with now is refused at once, even after a cached call; its successor works", async () => {
  const partner = await stack.partner();
  assert.equal(await statusWith(partner.apiKey), 200, "the edge caches the key");
  const rolled = issued(
    await rollKey(consoleSql, {
      partnerId: partner.partnerId,
      keyId: await keyIdOf(partner.partnerId),
      expiresIn: "now",
      actor: person,
    }),
  );
  await refusedSoon(partner.apiKey);
  assert.equal(await statusWith(rolled.apiKey), 200);
});

Deno.test("a revoked key is refused at once, even right after a cached call", async () => {
  const partner = await stack.partner();
  const other = issued(
    await createKey(consoleSql, { partnerId: partner.partnerId, name: "Other", actor: person }),
  );
  assert.equal(await statusWith(partner.apiKey), 200);
  assert.equal(await statusWith(partner.apiKey), 200, "answered from the cache");
  issued(
    await revokeKey(consoleSql, {
      partnerId: partner.partnerId,
      keyId: await keyIdOf(partner.partnerId),
      actor: person,
    }),
  );
  await refusedSoon(partner.apiKey);
  const res = await stack.fetch("/v1/partner/jobs", {
    headers: { authorization: `Bearer ${partner.apiKey}` },
  });
  assert.equal(res.body.code, "partner.unauthorized");
  assert.equal(await statusWith(other.apiKey), 200, "the partner's other key still works");
});

Deno.test("a key whose expiry has passed is refused", async () => {
  const partner = await stack.partner();
  await stack.sql`
    UPDATE api_keys SET expires_at = now() - interval '1 second'
    WHERE partner_id = ${partner.partnerId}`;
  assert.equal(await statusWith(partner.apiKey), 401);
});

Deno.test("the edge's cache never serves a key past its expiry", async () => {
  const partner = await stack.partner();
  // Two seconds away, well inside the cache's 30 s.
  const [row] = await stack.sql<{ expires_at: Date }[]>`
    UPDATE api_keys SET expires_at = now() + interval '2 seconds'
    WHERE partner_id = ${partner.partnerId} RETURNING expires_at`;
  assert.equal(await statusWith(partner.apiKey), 200, "the edge caches the key with its expiry");
  await waitUntil(
    "the expired key to be refused",
    async () => (await statusWith(partner.apiKey)) === 401 || undefined,
    { timeoutMs: 10_000, intervalMs: 50 },
  );
  assert.ok(Date.now() >= row!.expires_at.getTime() - 100, "not refused before its expiry");
});

Deno.test("the edge records when a key was last used", async () => {
  const partner = await stack.partner();
  const keyId = await keyIdOf(partner.partnerId);
  const lastUsed = async () =>
    (await stack.sql<{ last_used_at: Date | null }[]>`
      SELECT last_used_at FROM api_keys WHERE id = ${keyId}`)[0]!.last_used_at;
  assert.equal(await lastUsed(), null);
  const before = Date.now();
  assert.equal(await statusWith(partner.apiKey), 200);
  const at = await waitUntil("last_used_at", async () => (await lastUsed()) ?? undefined, {
    timeoutMs: 5_000,
    intervalMs: 20,
  });
  assert.ok(at.getTime() >= before - 1_000);
});
