import assert from "node:assert/strict";
import { connect, SERVICE_ROLES } from "@hire/db";
import { type Actor, createPartner, findKeyOwner, KEYS_CHANNEL } from "@hire/tables";
import { waitUntil } from "@hire/testing/wait.ts";
import {
  createKey,
  isRollExpiry,
  type IssuedApiKey,
  listKeys,
  MAX_LIVE_KEYS,
  replaceKeys,
  revokeKey,
  rollKey,
} from "./api_keys.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

// The console and the operator's command line act as their roles: what they run here must be
// granted to them (migration 0011).
const sql = connect(TEST_DATABASE_URL, { max: 2 });
const consoleSql = connect(TEST_DATABASE_URL, {
  max: 4,
  settings: { role: SERVICE_ROLES.console },
});
const adminSql = connect(TEST_DATABASE_URL, { max: 1, settings: { role: SERVICE_ROLES.admin } });
Deno.test.afterAll(async () => {
  await Promise.all([sql.end(), consoleSql.end(), adminSql.end()]);
});

const someone: Actor = { kind: "user", id: "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV", label: "ops@acme.sa" };

async function newPartner(): Promise<{ partnerId: string; apiKey: string }> {
  const issued = await createPartner(sql, {
    name: "Keys",
    plan: "growth",
    adminEmails: [`keys-${crypto.randomUUID()}@acme.sa`],
  });
  return { partnerId: issued.partner_id, apiKey: issued.api_key };
}

async function firstKeyId(partnerId: string): Promise<string> {
  return (await listKeys(sql, partnerId)).at(-1)!.id;
}

function issued<T extends object>(result: T | string): T {
  assert.equal(typeof result, "object", `refused: ${String(result)}`);
  return result as T;
}

async function auditOf(partnerId: string) {
  const rows = await sql<
    {
      actor_kind: string;
      actor_label: string;
      action: string;
      target_id: string;
      detail: Record<string, unknown>;
    }[]
  >`
    SELECT actor_kind, actor_label, action, target_id, detail FROM audit_log
    WHERE partner_id = ${partnerId} AND action LIKE 'key.%' ORDER BY id`;
  return rows.map((r) => ({ ...r }));
}

Deno.test("createKey issues a named key that works, is listed, audited without its secret, and announced", async () => {
  const { partnerId } = await newPartner();
  const heard: string[] = [];
  const sub = await sql.listen(KEYS_CHANNEL, (payload) => heard.push(payload));
  try {
    const created = issued(
      await createKey(consoleSql, { partnerId, name: "  CI pipeline  ", actor: someone }),
    );
    assert.match(created.apiKey, /^hk_live_[A-Za-z0-9_-]{43}$/);
    assert.equal(created.key.name, "CI pipeline");
    assert.equal(created.key.prefix, created.apiKey.slice(0, 14));
    assert.equal(created.key.state, "active");
    const owner = await findKeyOwner(sql, created.apiKey);
    assert.deepEqual([owner?.partnerId, owner?.keyId, owner?.expiresAt], [
      partnerId,
      created.key.id,
      null,
    ]);

    const listed = await listKeys(consoleSql, partnerId);
    assert.deepEqual(listed.map((k) => [k.name, k.state]), [
      ["CI pipeline", "active"],
      ["Default key", "active"],
    ]);
    assert.deepEqual(Object.keys(listed[0]!).sort(), [
      "created_at",
      "expires_at",
      "id",
      "last_used_at",
      "name",
      "prefix",
      "revoked_at",
      "state",
    ]);

    const audit = await auditOf(partnerId);
    assert.deepEqual(audit, [{
      actor_kind: "user",
      actor_label: "ops@acme.sa",
      action: "key.created",
      target_id: created.key.id,
      detail: { name: "CI pipeline", prefix: created.key.prefix, expires_at: null },
    }]);
    assert.ok(!JSON.stringify(audit).includes(created.apiKey.slice(14)));
    await waitUntil(
      "the announcement",
      () => Promise.resolve(heard.includes(partnerId) || undefined),
      { timeoutMs: 5_000 },
    );
  } finally {
    await sub.unlisten();
  }
});

Deno.test("createKey refuses an empty, too long or multi-line name, or one with refused text", async () => {
  const { partnerId } = await newPartner();
  const cases: [string, string][] = [
    ["", "name_required"],
    [" \t\n ", "name_required"],
    ["x".repeat(101), "name_too_long"],
    ["line\nbreak", "name_invalid"],
    ["tab\there", "name_invalid"],
    ["nul\u0000", "name_invalid"],
    ["del\u007F", "name_invalid"],
    ["lone \uD800 surrogate", "name_invalid"],
    ["\uFFFE", "name_invalid"],
  ];
  for (const [name, refusal] of cases) {
    assert.equal(
      await createKey(consoleSql, { partnerId, name, actor: someone }),
      refusal,
      JSON.stringify(name),
    );
  }
  assert.equal((await listKeys(sql, partnerId)).length, 1, "nothing issued");
  assert.deepEqual(await auditOf(partnerId), [], "nothing audited");
  // 100 characters, counted as a person counts them (an emoji is one).
  for (const name of ["م".repeat(100), "😀".repeat(100), "مفتاح الإنتاج (Production)"]) {
    assert.equal(
      issued(await createKey(consoleSql, { partnerId, name, actor: someone })).key.name,
      name,
    );
  }
});

Deno.test("a partner holds at most 20 live keys: revoked and expired ones make room", async () => {
  const { partnerId } = await newPartner();
  const create = (name: string) => createKey(consoleSql, { partnerId, name, actor: someone });
  const keys: IssuedApiKey[] = [];
  for (let i = 1; i < MAX_LIVE_KEYS; i++) keys.push(issued(await create(`key ${i}`)));
  assert.equal(await create("one too many"), "too_many_keys");
  // With every place taken, a roll needs one unless the old key expires at once.
  const rollOf = (keyId: string, expiresIn: "now" | "1h") =>
    rollKey(consoleSql, { partnerId, keyId, expiresIn, actor: someone });
  assert.equal(await rollOf(keys[0]!.key.id, "1h"), "too_many_keys");
  issued(await rollOf(keys[0]!.key.id, "now"));
  assert.equal(await create("still too many"), "too_many_keys");

  issued(await revokeKey(consoleSql, { partnerId, keyId: keys[1]!.key.id, actor: someone }));
  issued(await create("in the revoked key's place"));
  assert.equal(await create("too many again"), "too_many_keys");
  const live = (await listKeys(sql, partnerId)).filter((k) => k.state === "active");
  assert.equal(live.length, MAX_LIVE_KEYS);
});

Deno.test("concurrent creations never take a partner past 20 live keys", async () => {
  const { partnerId } = await newPartner();
  const results = await Promise.all(
    Array.from(
      { length: 25 },
      (_, i) => createKey(consoleSql, { partnerId, name: `burst ${i}`, actor: someone }),
    ),
  );
  assert.equal(results.filter((r) => typeof r === "object").length, MAX_LIVE_KEYS - 1);
  assert.equal(results.filter((r) => r === "too_many_keys").length, 6);
});

Deno.test("rollKey keeps both keys working until the old one's expiry, and an earlier expiry wins", async () => {
  const { partnerId, apiKey } = await newPartner();
  const keyId = await firstKeyId(partnerId);
  const rolled = issued(
    await rollKey(consoleSql, { partnerId, keyId, expiresIn: "1h", actor: someone }),
  );
  assert.equal(rolled.key.name, "Default key");
  assert.equal(rolled.previous.id, keyId);
  assert.equal(rolled.previous.state, "expiring");
  const inAnHour = Date.now() + 3_600_000;
  assert.ok(Math.abs(rolled.previous.expires_at!.getTime() - inAnHour) < 60_000);
  assert.equal((await findKeyOwner(sql, apiKey))?.keyId, keyId);
  assert.deepEqual((await findKeyOwner(sql, apiKey))?.expiresAt, rolled.previous.expires_at);
  assert.equal((await findKeyOwner(sql, rolled.apiKey))?.keyId, rolled.key.id);

  const again = issued(
    await rollKey(consoleSql, { partnerId, keyId, expiresIn: "7d", actor: someone }),
  );
  assert.deepEqual(again.previous.expires_at, rolled.previous.expires_at, "the 1h expiry stays");
  assert.equal(again.key.name, "Default key");

  const audit = await auditOf(partnerId);
  assert.deepEqual(audit[0], {
    actor_kind: "user",
    actor_label: "ops@acme.sa",
    action: "key.rolled",
    target_id: keyId,
    detail: {
      name: "Default key",
      prefix: apiKey.slice(0, 14),
      expires_at: rolled.previous.expires_at!.toISOString(),
      new_key_id: rolled.key.id,
      new_prefix: rolled.key.prefix,
    },
  });
  assert.ok(!JSON.stringify(audit).includes(rolled.apiKey.slice(14)));
});

Deno.test("rollKey with now stops the old key at once; an expired, revoked or another partner's key is not_found", async () => {
  const { partnerId, apiKey } = await newPartner();
  const other = await newPartner();
  const keyId = await firstKeyId(partnerId);
  const roll = (id: string, owner = partnerId) =>
    rollKey(consoleSql, { partnerId: owner, keyId: id, expiresIn: "now", actor: someone });

  assert.equal(await roll(await firstKeyId(other.partnerId)), "not_found");
  assert.equal(await roll(keyId, other.partnerId), "not_found");
  assert.equal(await roll("key_01ARZ3NDEKTSV4RRFFQ69G5FAV"), "not_found");
  assert.ok(await findKeyOwner(sql, other.apiKey), "the other partner's key is untouched");

  const rolled = issued(await roll(keyId));
  assert.equal(rolled.previous.state, "expired");
  assert.equal(await findKeyOwner(sql, apiKey), undefined);
  assert.equal(await roll(keyId), "not_found", "an expired key");

  const successor = rolled.key.id;
  issued(await revokeKey(consoleSql, { partnerId, keyId: successor, actor: someone }));
  assert.equal(await roll(successor), "not_found", "a revoked key");
  assert.deepEqual((await auditOf(partnerId)).map((a) => a.action), ["key.rolled", "key.revoked"]);
  assert.deepEqual(await auditOf(other.partnerId), []);
});

Deno.test("revokeKey stops a key at once, once; another partner's key is not_found and keeps working", async () => {
  const { partnerId, apiKey } = await newPartner();
  const other = await newPartner();
  const keyId = await firstKeyId(partnerId);
  assert.equal(
    await revokeKey(consoleSql, { partnerId: other.partnerId, keyId, actor: someone }),
    "not_found",
  );
  assert.ok(await findKeyOwner(sql, apiKey));

  const revoked = issued(await revokeKey(consoleSql, { partnerId, keyId, actor: someone }));
  assert.equal(revoked.state, "revoked");
  assert.ok(revoked.revoked_at);
  assert.equal(await findKeyOwner(sql, apiKey), undefined);
  assert.equal(await revokeKey(consoleSql, { partnerId, keyId, actor: someone }), "not_found");
  assert.deepEqual(await auditOf(partnerId), [{
    actor_kind: "user",
    actor_label: "ops@acme.sa",
    action: "key.revoked",
    target_id: keyId,
    detail: { name: "Default key", prefix: apiKey.slice(0, 14), expires_at: null },
  }]);
  assert.deepEqual(await auditOf(other.partnerId), []);
});

Deno.test("listKeys shows every key newest first with its state, history included", async () => {
  const { partnerId } = await newPartner();
  const first = await firstKeyId(partnerId);
  const a = issued(await createKey(consoleSql, { partnerId, name: "A", actor: someone }));
  const b = issued(await createKey(consoleSql, { partnerId, name: "B", actor: someone }));
  const rolledA = issued(
    await rollKey(consoleSql, { partnerId, keyId: a.key.id, expiresIn: "24h", actor: someone }),
  );
  issued(
    await rollKey(consoleSql, { partnerId, keyId: b.key.id, expiresIn: "now", actor: someone }),
  );
  issued(await revokeKey(consoleSql, { partnerId, keyId: first, actor: someone }));
  const listed = await listKeys(consoleSql, partnerId);
  assert.deepEqual(listed.map((k) => [k.name, k.state]), [
    ["B", "active"],
    ["A", "active"],
    ["B", "expired"],
    ["A", "expiring"],
    ["Default key", "revoked"],
  ]);
  assert.equal(listed[3]!.id, rolledA.previous.id);
});

Deno.test("replaceKeys revokes every live key and issues one, audited as the operator's", async () => {
  const { partnerId, apiKey } = await newPartner();
  const second = issued(await createKey(consoleSql, { partnerId, name: "Second", actor: someone }));
  const rolled = issued(
    await rollKey(consoleSql, {
      partnerId,
      keyId: second.key.id,
      expiresIn: "now",
      actor: someone,
    }),
  );
  const replaced = await replaceKeys(adminSql, { partnerId, actor: { kind: "operator" } });
  assert.equal(replaced.key.name, "Default key");
  assert.deepEqual(
    replaced.revoked.map((k) => k.id).sort(),
    [
      await firstKeyId(partnerId),
      rolled.key.id,
    ].sort(),
  );
  for (const key of [apiKey, second.apiKey, rolled.apiKey]) {
    assert.equal(await findKeyOwner(sql, key), undefined);
  }
  assert.equal((await findKeyOwner(sql, replaced.apiKey))?.partnerId, partnerId);
  const listed = await listKeys(sql, partnerId);
  assert.deepEqual(listed.map((k) => k.state), ["active", "revoked", "expired", "revoked"]);
  const operator = (await auditOf(partnerId)).filter((a) => a.actor_kind === "operator");
  assert.deepEqual(operator.map((a) => [a.action, a.actor_label]), [
    ["key.revoked", "operator"],
    ["key.revoked", "operator"],
    ["key.created", "operator"],
  ]);
  await assert.rejects(
    replaceKeys(adminSql, {
      partnerId: "ptr_01ARZ3NDEKTSV4RRFFQ69G5FAV",
      actor: { kind: "operator" },
    }),
    /no partner/,
  );
});

Deno.test("isRollExpiry accepts exactly the overlaps a roll offers", () => {
  for (const value of ["now", "1h", "24h", "7d"]) assert.ok(isRollExpiry(value), value);
  for (const value of ["", "2h", "NOW", "7 d", 3600, null, undefined]) {
    assert.ok(!isRollExpiry(value), String(value));
  }
});
