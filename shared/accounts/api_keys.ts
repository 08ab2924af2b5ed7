/**
 * A partner's API keys as its people manage them in the console, and as the operator's
 * command line replaces them: several named keys, each issued, rolled (a successor, with
 * the old key working until an expiry) or revoked. Every change is audited in its
 * transaction and announced, so every edge drops cached keys at once.
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import {
  type Actor,
  announceKeyChange,
  type ApiKeyRow,
  existingPartnerIds,
  expireApiKey,
  findApiKey,
  insertApiKey,
  type IssuedApiKey,
  listApiKeys,
  lockPartnerKeys,
  recordAudit,
  revokeApiKeys,
} from "@hire/tables";
import { characterCount, hasBadText } from "@hire/text";

export type { ApiKeyRow, IssuedApiKey, KeyState } from "@hire/tables";

/** Most live (unrevoked, unexpired) keys a partner may hold at once. */
export const MAX_LIVE_KEYS = 20;

/** Longest key name, in characters, after trimming. */
export const MAX_KEY_NAME_LENGTH = 100;

/** How long a rolled key keeps working beside its successor. */
export const ROLL_EXPIRIES = ["now", "1h", "24h", "7d"] as const;

/** One of {@link ROLL_EXPIRIES}. */
export type RollExpiry = typeof ROLL_EXPIRIES[number];

/** Whether a submitted value (a form's field) is one of {@link ROLL_EXPIRIES}. */
export function isRollExpiry(value: unknown): value is RollExpiry {
  return (ROLL_EXPIRIES as readonly unknown[]).includes(value);
}

const ROLL_SECONDS: Record<RollExpiry, number> = {
  now: 0,
  "1h": 3_600,
  "24h": 86_400,
  "7d": 604_800,
};

/**
 * Why a name was refused: `name_required` (empty once trimmed), `name_too_long` (over
 * {@link MAX_KEY_NAME_LENGTH}), `name_invalid` (a control character, a tab or line break
 * too, or text the service refuses anywhere).
 */
export type KeyNameRefusal = "name_required" | "name_too_long" | "name_invalid";

/**
 * Why a key was not issued, rolled or revoked, for the console to word in its languages: a
 * name's refusal; `too_many_keys`, the change would leave more than {@link MAX_LIVE_KEYS}
 * live keys; `not_found`, no live key of this partner has that id.
 */
export type KeyRefusal = KeyNameRefusal | "too_many_keys" | "not_found";

/** A rolled key's successor (shown once) and the rolled key with its expiry. */
export interface RolledApiKey extends IssuedApiKey {
  previous: ApiKeyRow;
}

/** A partner's keys, newest first; revoked and expired ones stay listed, as history. */
export function listKeys(sql: Sql, partnerId: string): Promise<ApiKeyRow[]> {
  return listApiKeys(sql, partnerId);
}

/**
 * Issues a named key. The key itself is in the answer only: show it once. Refused when the
 * name is not acceptable or the partner already has {@link MAX_LIVE_KEYS} live keys.
 */
export async function createKey(
  sql: Sql,
  input: { partnerId: string; name: string; actor: Actor },
): Promise<IssuedApiKey | KeyNameRefusal | "too_many_keys"> {
  const name = keyName(input.name);
  if (name.refused) return name.refused;
  const { partnerId, actor } = input;
  return await sql.begin(async (tx) => {
    if (await lockPartnerKeys(tx, partnerId) >= MAX_LIVE_KEYS) return "too_many_keys" as const;
    const issued = await insertApiKey(tx, { partnerId, name: name.value });
    await audit(tx, { partnerId, actor, action: "key.created", key: issued.key });
    await announceKeyChange(tx, partnerId);
    return issued;
  });
}

/**
 * Issues a successor to a live key, with its name, and makes the old key expire after
 * `expiresIn` (or sooner, when it already expires sooner): both work until then, so clients
 * can move over. `not_found` for a revoked or expired key or another partner's;
 * `too_many_keys` when the overlap would leave more than {@link MAX_LIVE_KEYS} live keys (a
 * roll with `now` needs no free place).
 */
export async function rollKey(
  sql: Sql,
  input: { partnerId: string; keyId: string; expiresIn: RollExpiry; actor: Actor },
): Promise<RolledApiKey | "not_found" | "too_many_keys"> {
  const { partnerId, keyId, actor } = input;
  const seconds = ROLL_SECONDS[input.expiresIn];
  return await sql.begin(async (tx) => {
    const live = await lockPartnerKeys(tx, partnerId);
    const old = await findApiKey(tx, { partnerId, id: keyId });
    if (old?.state !== "active" && old?.state !== "expiring") return "not_found" as const;
    // The old key stops counting at once only when it expires at once.
    if (live + (seconds === 0 ? 0 : 1) > MAX_LIVE_KEYS) return "too_many_keys" as const;
    const previous = (await expireApiKey(tx, { partnerId, id: keyId, seconds }))!;
    const issued = await insertApiKey(tx, { partnerId, name: old.name });
    await audit(tx, {
      partnerId,
      actor,
      action: "key.rolled",
      key: previous,
      detail: { new_key_id: issued.key.id, new_prefix: issued.key.prefix },
    });
    await announceKeyChange(tx, partnerId);
    return { ...issued, previous };
  });
}

/** Revokes a live key of the partner: it stops working at once, on every edge. */
export async function revokeKey(
  sql: Sql,
  input: { partnerId: string; keyId: string; actor: Actor },
): Promise<ApiKeyRow | "not_found"> {
  const { partnerId, actor } = input;
  return await sql.begin(async (tx) => {
    await lockPartnerKeys(tx, partnerId);
    const [revoked] = await revokeApiKeys(tx, { partnerId, id: input.keyId });
    if (!revoked) return "not_found" as const;
    await audit(tx, { partnerId, actor, action: "key.revoked", key: revoked });
    await announceKeyChange(tx, partnerId);
    return revoked;
  });
}

/**
 * The operator's rotation (`deno task partner rotate-key`): revokes every live key of the
 * partner and issues one new key, in one transaction. Throws when the partner does not
 * exist.
 */
export async function replaceKeys(
  sql: Sql,
  input: { partnerId: string; actor: Actor },
): Promise<IssuedApiKey & { revoked: ApiKeyRow[] }> {
  const { partnerId, actor } = input;
  return await sql.begin(async (tx) => {
    if ((await existingPartnerIds(tx, [partnerId])).size === 0) {
      throw new Error(`no partner ${partnerId}`);
    }
    await lockPartnerKeys(tx, partnerId);
    const revoked = await revokeApiKeys(tx, { partnerId });
    for (const key of revoked) await audit(tx, { partnerId, actor, action: "key.revoked", key });
    const issued = await insertApiKey(tx, { partnerId });
    await audit(tx, { partnerId, actor, action: "key.created", key: issued.key });
    await announceKeyChange(tx, partnerId);
    return { ...issued, revoked };
  });
}

function keyName(
  raw: string,
): { value: string; refused?: undefined } | { refused: KeyNameRefusal } {
  const value = raw.trim();
  if (value.length === 0) return { refused: "name_required" };
  if (characterCount(value) > MAX_KEY_NAME_LENGTH) return { refused: "name_too_long" };
  // The service's text rule lets tabs and line breaks through (descriptions have them); a
  // name is one line.
  if (hasBadText(value) || /\p{Cc}/u.test(value)) return { refused: "name_invalid" };
  return { value };
}

// What the log shows of a key: never the key, which is not stored anyway.
function audit(
  tx: Tx,
  entry: {
    partnerId: string;
    actor: Actor;
    action: string;
    key: ApiKeyRow;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  const { key } = entry;
  return recordAudit(tx, {
    partnerId: entry.partnerId,
    actor: entry.actor,
    action: entry.action,
    targetId: key.id,
    detail: { name: key.name, prefix: key.prefix, expires_at: key.expires_at, ...entry.detail },
  });
}
