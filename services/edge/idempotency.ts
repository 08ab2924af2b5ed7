/**
 * `Idempotency-Key`: the pair (partner, key) is remembered for 24 hours. The first request
 * claims the key; a repeat with the same body replays the stored answer; a repeat with a
 * different body is refused (422); a repeat while the first is still running gets 409.
 * A claim whose request died half-way (a crashed edge) is taken over after a minute,
 * together with the ids of the commands it sent, so the retry can learn whether each
 * took effect rather than doing the work twice.
 * @module
 */
import type { Sql } from "@hire/db";
import { ApiError } from "./problem.ts";

/** Header name, as partners send it. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** After this, a claim whose request never finished may be taken over. */
export const ABANDONED_AFTER_SECONDS = 60;

/** A stored answer to replay. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/** A command a claimed request sends: the job it creates and the item it came from. */
export interface PlannedCommand {
  /** The item's index in a bulk create; 0 for a single create. */
  index: number;
  commandId: string;
  jobId: string;
}

/** What a claim found. */
export type Claim =
  | { kind: "claimed" }
  | { kind: "replay"; response: StoredResponse }
  /** An abandoned claim taken over; each of its commands may or may not have taken effect. */
  | { kind: "takeover"; previous: PlannedCommand[] };

/** The commands a claim is about to send. */
export interface ClaimedWork {
  fingerprint: string;
  commands: PlannedCommand[];
}

/** Checks the header's value: 1 to 255 visible ASCII characters (a UUID is recommended). */
export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!KEY_FORMAT.test(value)) {
    throw new ApiError("partner.validation_failed", {
      errors: [{
        field: "/headers/Idempotency-Key",
        code: "invalid_format",
        message: "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID.",
        messageAr: "يجب أن يتكون Idempotency-Key من 1 إلى 255 حرفًا مرئيًا من ASCII، مثل UUID.",
      }],
    });
  }
  return value;
}

/** A stable fingerprint of a request: method, path and the body with keys sorted. */
export async function requestFingerprint(
  method: string,
  path: string,
  body: unknown,
): Promise<string> {
  const canonical = JSON.stringify(
    [method, path, body],
    (_k, v) =>
      v && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
  );
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The store of idempotency records. */
export interface IdempotencyStore {
  /** Claims the key for `work`, or says what to do instead; throws 409 or 422 as above. */
  claim(partnerId: string, key: string, work: ClaimedWork): Promise<Claim>;
  /** Records the final answer of a claimed key. */
  complete(partnerId: string, key: string, response: StoredResponse): Promise<void>;
  /** Gives a claimed key up after a failure that changed nothing, so a retry can proceed. */
  release(partnerId: string, key: string): Promise<void>;
  /** Replaces the commands a claim names (a takeover keeps the ids of jobs already made). */
  recordCommands(partnerId: string, key: string, commands: PlannedCommand[]): Promise<void>;
  /**
   * Leaves a claim whose request failed after some of its jobs were made, for the next
   * request with the key to take over at once and settle them again.
   */
  abandon(partnerId: string, key: string): Promise<void>;
}

interface Row {
  request_hash: string;
  state: "in_progress" | "done";
  status_code: number | null;
  response: unknown;
  commands: StoredCommand[];
  expired: boolean;
  abandoned: boolean;
}

interface StoredCommand {
  index: number;
  command_id: string;
  job_id: string;
}

const stored = (commands: PlannedCommand[]): StoredCommand[] =>
  commands.map((c) => ({ index: c.index, command_id: c.commandId, job_id: c.jobId }));

/** The Postgres-backed store. */
export function createIdempotencyStore(sql: Sql): IdempotencyStore {
  return {
    async claim(partnerId, key, work) {
      // The common case, a fresh key, costs one statement.
      const fresh = await sql`
        INSERT INTO idempotency_keys (partner_id, key, request_hash, state, commands)
        VALUES (${partnerId}, ${key}, ${work.fingerprint}, 'in_progress',
                ${sql.json(stored(work.commands) as never)})
        ON CONFLICT (partner_id, key) DO NOTHING RETURNING 1`;
      if (fresh.length) return { kind: "claimed" };

      return await sql.begin(async (tx): Promise<Claim> => {
        const [row] = await tx<Row[]>`
          SELECT request_hash, state, status_code, response, commands,
                 created_at < now() - interval '24 hours' AS expired,
                 locked_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}) AS abandoned
          FROM idempotency_keys WHERE partner_id = ${partnerId} AND key = ${key} FOR UPDATE`;
        // Released between our two statements: the first request failed; ask for a retry.
        if (!row) throw new ApiError("partner.idempotency_in_progress");
        const reclaim = () =>
          tx`UPDATE idempotency_keys
             SET request_hash = ${work.fingerprint}, state = 'in_progress', status_code = NULL,
                 response = NULL, commands = ${tx.json(stored(work.commands) as never)},
                 locked_at = now()
                 ${row.expired ? tx`, created_at = now()` : tx``}
             WHERE partner_id = ${partnerId} AND key = ${key}`;
        if (row.expired) {
          await reclaim();
          return { kind: "claimed" };
        }
        if (row.request_hash !== work.fingerprint) {
          throw new ApiError("partner.idempotency_mismatch");
        }
        if (row.state === "done") {
          return { kind: "replay", response: { status: row.status_code!, body: row.response } };
        }
        if (!row.abandoned) throw new ApiError("partner.idempotency_in_progress");
        await reclaim();
        return {
          kind: "takeover",
          previous: row.commands.map((c) => ({
            index: c.index,
            commandId: c.command_id,
            jobId: c.job_id,
          })),
        };
      });
    },
    async complete(partnerId, key, response) {
      await sql`
        UPDATE idempotency_keys
        SET state = 'done', status_code = ${response.status},
            response = ${sql.json(response.body as never)}
        WHERE partner_id = ${partnerId} AND key = ${key}`;
    },
    async release(partnerId, key) {
      await sql`
        DELETE FROM idempotency_keys
        WHERE partner_id = ${partnerId} AND key = ${key} AND state = 'in_progress'`;
    },
    async recordCommands(partnerId, key, commands) {
      await sql`
        UPDATE idempotency_keys SET commands = ${sql.json(stored(commands) as never)}
        WHERE partner_id = ${partnerId} AND key = ${key} AND state = 'in_progress'`;
    },
    async abandon(partnerId, key) {
      await sql`
        UPDATE idempotency_keys
        SET locked_at = now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS + 1})
        WHERE partner_id = ${partnerId} AND key = ${key} AND state = 'in_progress'`;
    },
  };
}
