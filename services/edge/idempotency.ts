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
import {
  abandonKey,
  completeKey,
  insertKeyClaim,
  type KeyCommand,
  lockKey,
  reclaimKey,
  recordKeyCommands,
  releaseKey,
} from "@hire/tables";
import { ApiError } from "./problem.ts";

/**
 * Seconds a 409 asks the client to wait: the request holding the key usually ends within
 * one (a dead one is taken over a minute after it began, whatever the client waits).
 */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/** The key is held by a request still running: try again shortly. */
const inProgress = () =>
  new ApiError("partner.idempotency_in_progress", {
    headers: { "Retry-After": String(IN_PROGRESS_RETRY_AFTER_SECONDS) },
  });

/** Header name, as partners send it. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** A stored answer to replay. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/** A command a claimed request sends: the job it creates and the item it came from. */
export type PlannedCommand = KeyCommand;

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

/** The Postgres-backed store. */
export function createIdempotencyStore(sql: Sql): IdempotencyStore {
  return {
    async claim(partnerId, key, work) {
      const of = { partnerId, key };
      // The common case, a fresh key, costs one statement.
      if (await insertKeyClaim(sql, { ...of, ...work })) return { kind: "claimed" };

      return await sql.begin(async (tx): Promise<Claim> => {
        const row = await lockKey(tx, of);
        // Released between our two statements: the first request failed; ask for a retry.
        if (!row) throw inProgress();
        const reclaim = () => reclaimKey(tx, { ...of, ...work, renew: row.expired });
        if (row.expired) {
          await reclaim();
          return { kind: "claimed" };
        }
        if (row.fingerprint !== work.fingerprint) {
          throw new ApiError("partner.idempotency_mismatch");
        }
        if (row.state === "done") {
          return { kind: "replay", response: { status: row.statusCode!, body: row.response } };
        }
        if (!row.abandoned) throw inProgress();
        await reclaim();
        return { kind: "takeover", previous: row.commands };
      });
    },
    async complete(partnerId, key, response) {
      await completeKey(sql, { partnerId, key, response });
    },
    async release(partnerId, key) {
      await releaseKey(sql, { partnerId, key });
    },
    async recordCommands(partnerId, key, commands) {
      await recordKeyCommands(sql, { partnerId, key, commands });
    },
    async abandon(partnerId, key) {
      await abandonKey(sql, { partnerId, key });
    },
  };
}
