/**
 * `idempotency_keys`: the only code that writes it. One row per (partner, key) the edge
 * has seen in the last 24 hours: the request's fingerprint, whether its answer is final
 * and the answer, and the commands it sent (so a retry after a crash can settle them).
 * The edge decides what a claim means (replay, 409, 422, takeover); this module stores it.
 * Retention: 24 hours after the claim.
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { daysBefore } from "./days_before.ts";

/** After this, a claim whose request never finished may be taken over. */
export const ABANDONED_AFTER_SECONDS = 60;

/** A command a claimed request sends: the job it creates and the item it came from. */
export interface KeyCommand {
  /** The item's index in a bulk create; 0 for a single create. */
  index: number;
  commandId: string;
  jobId: string;
}

/** A claim as stored, read under its row lock. */
export interface KeyRecord {
  fingerprint: string;
  state: "in_progress" | "done";
  /** The final answer, once `done`. */
  statusCode: number | null;
  response: unknown;
  commands: KeyCommand[];
  /** Claimed more than 24 hours ago: the key is free to claim afresh. */
  expired: boolean;
  /** Claimed more than {@link ABANDONED_AFTER_SECONDS} ago and not finished. */
  abandoned: boolean;
}

/** Which key of which partner. */
export interface KeyOf {
  partnerId: string;
  key: string;
}

/** What a claim records: the request's fingerprint and the commands it is about to send. */
export interface ClaimFields {
  fingerprint: string;
  commands: KeyCommand[];
}

interface StoredCommand {
  index: number;
  command_id: string;
  job_id: string;
}

const stored = (commands: KeyCommand[]): StoredCommand[] =>
  commands.map((c) => ({ index: c.index, command_id: c.commandId, job_id: c.jobId }));

/** Claims a key nobody holds; false when a row for it exists (of any age or state). */
export async function insertKeyClaim(sql: Sql, claim: KeyOf & ClaimFields): Promise<boolean> {
  const fresh = await sql`
    INSERT INTO idempotency_keys (partner_id, key, request_hash, state, commands)
    VALUES (${claim.partnerId}, ${claim.key}, ${claim.fingerprint}, 'in_progress',
            ${sql.json(stored(claim.commands) as never)})
    ON CONFLICT (partner_id, key) DO NOTHING RETURNING 1`;
  return fresh.length > 0;
}

/** Reads a key's record and locks it until the transaction ends; undefined when it is gone. */
export async function lockKey(tx: Tx, of: KeyOf): Promise<KeyRecord | undefined> {
  const [row] = await tx<
    (Omit<KeyRecord, "fingerprint" | "statusCode" | "commands"> & {
      request_hash: string;
      status_code: number | null;
      commands: StoredCommand[];
    })[]
  >`
    SELECT request_hash, state, status_code, response, commands,
           created_at < now() - interval '24 hours' AS expired,
           locked_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}) AS abandoned
    FROM idempotency_keys WHERE partner_id = ${of.partnerId} AND key = ${of.key} FOR UPDATE`;
  return row && {
    fingerprint: row.request_hash,
    state: row.state,
    statusCode: row.status_code,
    response: row.response,
    commands: row.commands.map((c) => ({
      index: c.index,
      commandId: c.command_id,
      jobId: c.job_id,
    })),
    expired: row.expired,
    abandoned: row.abandoned,
  };
}

/**
 * Claims a key held by an earlier request (locked by {@link lockKey}) for a new one;
 * `renew` starts its 24 hours afresh (the earlier claim had expired).
 */
export async function reclaimKey(
  tx: Tx,
  claim: KeyOf & ClaimFields & { renew: boolean },
): Promise<void> {
  await tx`UPDATE idempotency_keys
     SET request_hash = ${claim.fingerprint}, state = 'in_progress', status_code = NULL,
         response = NULL, commands = ${tx.json(stored(claim.commands) as never)},
         locked_at = now()
         ${claim.renew ? tx`, created_at = now()` : tx``}
     WHERE partner_id = ${claim.partnerId} AND key = ${claim.key}`;
}

/** Records a claimed key's final answer, to replay. */
export async function completeKey(
  sql: Sql,
  done: KeyOf & { response: { status: number; body: unknown } },
): Promise<void> {
  await sql`
    UPDATE idempotency_keys
    SET state = 'done', status_code = ${done.response.status},
        response = ${sql.json(done.response.body as never)}
    WHERE partner_id = ${done.partnerId} AND key = ${done.key}`;
}

/** Deletes a claim still in progress, so a retry can claim the key afresh. */
export async function releaseKey(sql: Sql, of: KeyOf): Promise<void> {
  await sql`
    DELETE FROM idempotency_keys
    WHERE partner_id = ${of.partnerId} AND key = ${of.key} AND state = 'in_progress'`;
}

/** Replaces the commands a claim in progress names. */
export async function recordKeyCommands(
  sql: Sql,
  claim: KeyOf & { commands: KeyCommand[] },
): Promise<void> {
  await sql`
    UPDATE idempotency_keys SET commands = ${sql.json(stored(claim.commands) as never)}
    WHERE partner_id = ${claim.partnerId} AND key = ${claim.key} AND state = 'in_progress'`;
}

/** Dates a claim in progress back past {@link ABANDONED_AFTER_SECONDS}: taken over at once. */
export async function abandonKey(sql: Sql, of: KeyOf): Promise<void> {
  await sql`
    UPDATE idempotency_keys
    SET locked_at = now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS + 1})
    WHERE partner_id = ${of.partnerId} AND key = ${of.key} AND state = 'in_progress'`;
}

/** Deletes keys claimed more than a day before `now`; returns how many. */
export async function purgeIdempotencyKeys(sql: Sql, now: Date): Promise<number> {
  const rows = await sql`
    DELETE FROM idempotency_keys WHERE created_at < ${daysBefore(now, 1)}`;
  return rows.count;
}
