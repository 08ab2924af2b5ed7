/**
 * `partners` and `api_keys`: the only code that writes them. The admin CLI creates
 * partners, rotates their keys and changes their plans, announcing key and plan changes so
 * edges drop cached keys at once; the edge looks a key's owner up. Retention: none (a
 * revoked key stays, as the record of what was issued).
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { newId } from "@hire/ids";
import { generateApiKey, hashApiKey, keyPrefix, type Plan } from "@hire/partners";

/** Channel on which key and plan changes are announced, so edges drop cached keys at once. */
export const KEYS_CHANNEL = "api_keys_changed";

/** What `partner create` and `partner rotate-key` print. */
export interface IssuedKey {
  partner_id: string;
  api_key: string;
}

/** Creates a partner and its first key. */
export async function createPartner(
  sql: Sql,
  input: { name: string; plan: Plan; adminEmails: string[] },
): Promise<IssuedKey> {
  const partnerId = newId("ptr");
  const apiKey = generateApiKey();
  const hash = await hashApiKey(apiKey);
  await sql.begin(async (tx) => {
    await tx`INSERT INTO partners (id, name, plan, admin_emails)
      VALUES (${partnerId}, ${input.name}, ${input.plan}, ${input.adminEmails})`;
    await tx`INSERT INTO api_keys (id, partner_id, key_hash, key_prefix)
      VALUES (${newId("key")}, ${partnerId}, decode(${hash}, 'hex'), ${keyPrefix(apiKey)})`;
  });
  return { partner_id: partnerId, api_key: apiKey };
}

/** Issues a new key and revokes every older one; throws when the partner does not exist. */
export async function rotateKey(sql: Sql, partnerId: string): Promise<IssuedKey> {
  const apiKey = generateApiKey();
  const hash = await hashApiKey(apiKey);
  await sql.begin(async (tx) => {
    const [p] = await tx`SELECT id FROM partners WHERE id = ${partnerId} FOR UPDATE`;
    if (!p) throw new Error(`no partner ${partnerId}`);
    await tx`UPDATE api_keys SET revoked_at = now() WHERE partner_id = ${partnerId} AND revoked_at IS NULL`;
    await tx`INSERT INTO api_keys (id, partner_id, key_hash, key_prefix)
      VALUES (${newId("key")}, ${partnerId}, decode(${hash}, 'hex'), ${keyPrefix(apiKey)})`;
    await tx`SELECT pg_notify(${KEYS_CHANNEL}, ${partnerId})`;
  });
  return { partner_id: partnerId, api_key: apiKey };
}

/**
 * Moves a partner to `plan` at once: edges drop cached keys (which carry the plan) when
 * Postgres announces the change. Usage counted so far this minute and month carries over
 * to the new plan's limits. Throws when the partner does not exist.
 */
export async function setPlan(
  sql: Sql,
  partnerId: string,
  plan: Plan,
): Promise<{ partner_id: string; plan: Plan; previous_plan: Plan }> {
  return await sql.begin(async (tx) => {
    const [p] = await tx<{ plan: Plan }[]>`
      SELECT plan FROM partners WHERE id = ${partnerId} FOR UPDATE`;
    if (!p) throw new Error(`no partner ${partnerId}`);
    await tx`UPDATE partners SET plan = ${plan} WHERE id = ${partnerId}`;
    await tx`SELECT pg_notify(${KEYS_CHANNEL}, ${partnerId})`;
    return { partner_id: partnerId, plan, previous_plan: p.plan };
  });
}

/** The partners among `ids` that exist: a command naming another is forged or a bug. */
export async function existingPartnerIds(
  sql: Sql | Tx,
  ids: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await sql<{ id: string }[]>`SELECT id FROM partners WHERE id IN ${sql(unique)}`;
  return new Set(rows.map((r) => r.id));
}

/** The partner a key belongs to, when the key exists and is not revoked. */
export interface KeyOwner {
  partnerId: string;
  plan: Plan;
}

/** Looks up the owner of an unrevoked key by its hash. */
export async function findKeyOwner(sql: Sql, apiKey: string): Promise<KeyOwner | undefined> {
  const hash = await hashApiKey(apiKey);
  const [row] = await sql<{ partner_id: string; plan: Plan }[]>`
    SELECT k.partner_id, p.plan FROM api_keys k JOIN partners p ON p.id = k.partner_id
    WHERE k.key_hash = decode(${hash}, 'hex') AND k.revoked_at IS NULL`;
  return row && { partnerId: row.partner_id, plan: row.plan };
}
