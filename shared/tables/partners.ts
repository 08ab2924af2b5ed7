/**
 * `partners` and `api_keys`: the only code that writes them. The admin CLI creates partners
 * and changes their plans; `@hire/accounts` issues, rolls and revokes keys (for the console
 * and the CLI), announcing key and plan changes so edges drop cached keys at once; the edge
 * looks a key's owner up and records when each key was last used. Retention: none (revoked
 * and expired keys stay, as the record of what was issued).
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { newId } from "@hire/ids";
import { generateApiKey, hashApiKey, keyPrefix, type Plan } from "@hire/partners";
import { insertUser } from "./partner_users.ts";

/** Channel on which key and plan changes are announced, so edges drop cached keys at once. */
export const KEYS_CHANNEL = "api_keys_changed";

/** What `partner create` and `partner rotate-key` print. */
export interface IssuedKey {
  partner_id: string;
  api_key: string;
}

/**
 * Creates a partner, its first key and its first admins (addresses normalised by the
 * caller). Throws `AdminEmailTaken` when an address already belongs to someone.
 */
export async function createPartner(
  sql: Sql,
  input: { name: string; plan: Plan; adminEmails: string[] },
): Promise<IssuedKey> {
  const partnerId = newId("ptr");
  const apiKey = await sql.begin(async (tx) => {
    await tx`INSERT INTO partners (id, name, plan)
      VALUES (${partnerId}, ${input.name}, ${input.plan})`;
    const issued = await insertApiKey(tx, { partnerId });
    for (const email of new Set(input.adminEmails)) {
      const user = await insertUser(tx, {
        partnerId,
        email,
        role: "admin",
        actor: { kind: "operator" },
      });
      if (user === "email_taken") throw new AdminEmailTaken(email);
    }
    return issued.apiKey;
  });
  return { partner_id: partnerId, api_key: apiKey };
}

/** An address given as a new partner's admin already belongs to someone. */
export class AdminEmailTaken extends Error {
  constructor(readonly email: string) {
    super(`${email} already belongs to a console user`);
  }
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
    await announceKeyChange(tx, partnerId);
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
  const rows = await sql<{ id: string }[]>`
    SELECT id FROM partners WHERE id = ANY(${unique}::text[])`;
  return new Set(rows.map((r) => r.id));
}

/** Where a key is in its life: `expiring` works until its `expires_at` (a rolled key). */
export type KeyState = "active" | "expiring" | "expired" | "revoked";

/** A key as a partner's people see it: never its hash, never the key itself. */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  state: KeyState;
}

/** A key just issued: its row, and the key itself, shown this once and never stored. */
export interface IssuedApiKey {
  key: ApiKeyRow;
  apiKey: string;
}

// The name migration 0011 gave the keys issued before names: a partner's first key, and the
// one the operator's rotation issues, are named alike.
const DEFAULT_KEY_NAME = "Default key";

// Whether a key (`k`) still authenticates, by Postgres's clock, the one every edge shares.
const isLive = (sql: Sql | Tx) =>
  sql`k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())`;

// A key as listed, its state by the same clock and rule as the lookup's.
const keyColumns = (sql: Sql | Tx) =>
  sql`k.id, k.name, k.key_prefix AS prefix, k.created_at, k.last_used_at, k.expires_at,
    k.revoked_at,
    CASE WHEN k.revoked_at IS NOT NULL THEN 'revoked'
         WHEN NOT (${isLive(sql)}) THEN 'expired'
         WHEN k.expires_at IS NOT NULL THEN 'expiring'
         ELSE 'active' END AS state`;

/** Tells every edge, at commit, that a partner's keys or plan changed. */
export async function announceKeyChange(tx: Tx, partnerId: string): Promise<void> {
  await tx`SELECT pg_notify(${KEYS_CHANNEL}, ${partnerId})`;
}

/**
 * Serialises changes to a partner's keys until `tx` ends, so a count and the insert it
 * allows cannot race another's; returns how many of its keys are live now.
 */
export async function lockPartnerKeys(tx: Tx, partnerId: string): Promise<number> {
  await tx`SELECT pg_advisory_xact_lock(hashtext('api_keys:' || ${partnerId}))`;
  // A statement after the lock: it sees what the previous holder committed.
  const [row] = await tx<{ n: number }[]>`
    SELECT count(*)::int AS n FROM api_keys k WHERE k.partner_id = ${partnerId} AND ${isLive(tx)}`;
  return row!.n;
}

/** A partner's keys, newest first, revoked and expired ones included. */
export function listApiKeys(sql: Sql, partnerId: string): Promise<ApiKeyRow[]> {
  return sql<ApiKeyRow[]>`
    SELECT ${keyColumns(sql)} FROM api_keys k WHERE k.partner_id = ${partnerId}
    ORDER BY k.created_at DESC, k.id DESC`;
}

/** A partner's key by id, or undefined (also for another partner's). */
export async function findApiKey(
  sql: Sql | Tx,
  key: { partnerId: string; id: string },
): Promise<ApiKeyRow | undefined> {
  const [row] = await sql<ApiKeyRow[]>`
    SELECT ${keyColumns(sql)} FROM api_keys k
    WHERE k.id = ${key.id} AND k.partner_id = ${key.partnerId}`;
  return row;
}

/** Issues a key: a new random secret, of which only the hash and prefix are stored. */
export async function insertApiKey(
  tx: Tx,
  key: { partnerId: string; name?: string },
): Promise<IssuedApiKey> {
  const apiKey = generateApiKey();
  const hash = await hashApiKey(apiKey);
  const [row] = await tx<ApiKeyRow[]>`
    INSERT INTO api_keys AS k (id, partner_id, name, key_hash, key_prefix)
    VALUES (${newId("key")}, ${key.partnerId}, ${key.name ?? DEFAULT_KEY_NAME},
            decode(${hash}, 'hex'), ${keyPrefix(apiKey)})
    RETURNING ${keyColumns(tx)}`;
  return { key: row!, apiKey };
}

/**
 * Makes a live key of the partner expire `seconds` from now (0: at once), unless it already
 * expires sooner. Undefined when the partner has no such live key.
 */
export async function expireApiKey(
  tx: Tx,
  key: { partnerId: string; id: string; seconds: number },
): Promise<ApiKeyRow | undefined> {
  // LEAST ignores a null: a key without an expiry takes the new one.
  const [row] = await tx<ApiKeyRow[]>`
    UPDATE api_keys k SET expires_at = LEAST(k.expires_at, now() + make_interval(secs => ${key.seconds}))
    WHERE k.id = ${key.id} AND k.partner_id = ${key.partnerId} AND ${isLive(tx)}
    RETURNING ${keyColumns(tx)}`;
  return row;
}

/** Revokes the partner's live key `id`, or every live key of the partner; returns those revoked. */
export function revokeApiKeys(
  tx: Tx,
  keys: { partnerId: string; id?: string },
): Promise<ApiKeyRow[]> {
  return tx<ApiKeyRow[]>`
    UPDATE api_keys k SET revoked_at = now()
    WHERE k.partner_id = ${keys.partnerId} AND ${isLive(tx)}
      ${keys.id === undefined ? tx`` : tx`AND k.id = ${keys.id}`}
    RETURNING ${keyColumns(tx)}`;
}

/** The partner a key belongs to, when the key exists, is not revoked and has not expired. */
export interface KeyOwner {
  partnerId: string;
  plan: Plan;
  /** The key's id and prefix: who made a change, in the audit log. */
  keyId: string;
  keyPrefix: string;
  /** When the key stops working (a rolled key), or null: a cache must not outlive it. */
  expiresAt: Date | null;
}

/** Looks up the owner of a live key (unrevoked, unexpired) by its hash. */
export async function findKeyOwner(sql: Sql, apiKey: string): Promise<KeyOwner | undefined> {
  const hash = await hashApiKey(apiKey);
  const [row] = await sql<
    { id: string; key_prefix: string; partner_id: string; plan: Plan; expires_at: Date | null }[]
  >`
    SELECT k.id, k.key_prefix, k.partner_id, p.plan, k.expires_at
    FROM api_keys k JOIN partners p ON p.id = k.partner_id
    WHERE k.key_hash = decode(${hash}, 'hex') AND ${isLive(sql)}`;
  return row && {
    partnerId: row.partner_id,
    plan: row.plan,
    keyId: row.id,
    keyPrefix: row.key_prefix,
    expiresAt: row.expires_at,
  };
}

/**
 * Records that a key was used just now. The edge calls it at most once a minute per key,
 * off the request's path; its role may change no other column of `api_keys`.
 */
export async function recordKeyUse(sql: Sql, keyId: string): Promise<void> {
  await sql`UPDATE api_keys SET last_used_at = now() WHERE id = ${keyId}`;
}
