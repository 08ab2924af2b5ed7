/**
 * `Idempotency-Key`: the pair (partner, key) is remembered for 24 hours. The first request
 * claims the key; a repeat with the same body replays the stored answer; a repeat with a
 * different body is refused (422); a repeat while the first is still running gets 409.
 * @module
 */
import type { Sql } from "@hire/db";
import { ApiError } from "./problem.ts";

/** Header name, as partners send it. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** After this, a claim whose request never finished (a crashed edge) may be taken over. */
const ABANDONED_AFTER_SECONDS = 60;

/** A stored answer to replay. */
export interface StoredResponse {
  status: number;
  body: unknown;
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
  /** Claims the key, or returns the answer to replay; throws 409 or 422 as above. */
  claim(partnerId: string, key: string, fingerprint: string): Promise<StoredResponse | undefined>;
  /** Records the final answer of a claimed key. */
  complete(partnerId: string, key: string, response: StoredResponse): Promise<void>;
  /** Gives a claimed key up after a failure that changed nothing, so a retry can proceed. */
  release(partnerId: string, key: string): Promise<void>;
}

/** The Postgres-backed store. */
export function createIdempotencyStore(sql: Sql): IdempotencyStore {
  return {
    async claim(partnerId, key, fingerprint) {
      const claimed = await sql`
        INSERT INTO idempotency_keys (partner_id, key, request_hash, state)
        VALUES (${partnerId}, ${key}, ${fingerprint}, 'in_progress')
        ON CONFLICT (partner_id, key) DO UPDATE
          SET request_hash = excluded.request_hash, state = 'in_progress', status_code = NULL,
              response = NULL, created_at = now(), locked_at = now()
          WHERE idempotency_keys.created_at < now() - interval '24 hours'
             OR (idempotency_keys.state = 'in_progress'
                 AND idempotency_keys.request_hash = excluded.request_hash
                 AND idempotency_keys.locked_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))
        RETURNING 1`;
      if (claimed.length) return undefined;
      const [row] = await sql<
        { request_hash: string; state: string; status_code: number; response: unknown }[]
      >`
        SELECT request_hash, state, status_code, response FROM idempotency_keys
        WHERE partner_id = ${partnerId} AND key = ${key}`;
      // Released between our insert and select: a rare race; the client may simply retry.
      if (!row) throw new ApiError("partner.idempotency_in_progress");
      if (row.request_hash !== fingerprint) throw new ApiError("partner.idempotency_mismatch");
      if (row.state === "in_progress") throw new ApiError("partner.idempotency_in_progress");
      return { status: row.status_code, body: row.response };
    },
    async complete(partnerId, key, response) {
      await sql`
        UPDATE idempotency_keys
        SET state = 'done', status_code = ${response.status}, response = ${
        sql.json(response.body as never)
      }
        WHERE partner_id = ${partnerId} AND key = ${key}`;
    },
    async release(partnerId, key) {
      await sql`
        DELETE FROM idempotency_keys
        WHERE partner_id = ${partnerId} AND key = ${key} AND state = 'in_progress'`;
    },
  };
}
