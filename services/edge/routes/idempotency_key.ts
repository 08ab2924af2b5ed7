/**
 * The `Idempotency-Key` request header of the create routes, and what their reference says
 * of it.
 * @module
 */
import { z } from "zod";
import { IDEMPOTENCY_HEADER, parseIdempotencyKey } from "../idempotency.ts";

/**
 * The headers a create route validates. The key's format is the idempotency store's, and so
 * is its 422 (field `/headers/Idempotency-Key`), thrown while the headers are validated,
 * before the body is read.
 */
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.string().optional().transform(parseIdempotencyKey).meta({
    description: "1 to 255 visible ASCII characters; a UUID is recommended. Remembered with " +
      "the answer for 24 hours per partner.",
    minLength: 1,
    maxLength: 255,
    pattern: "^[\\x21-\\x7E]+$",
  }),
});

/** What a create route's description says of the key. */
export const IDEMPOTENCY = "**Idempotency-Key** (optional; send one whenever you may " +
  "retry): the pair (partner, key) is remembered for 24 hours. The same key with the same " +
  "request (method, path, and the body compared as JSON) replays the original status and " +
  "body with `Idempotent-Replayed: true`; with a different body it answers 422 " +
  "`partner.idempotency_mismatch`; while the first request is still running, 409 " +
  "`partner.idempotency_in_progress`. A request refused by validation (422) or answered 503 " +
  "does not use the key up. A key whose request died half-way is taken over after 60 " +
  "seconds, and the answer is the job that request created, if it did. A replay counts " +
  "against the rate limit, never against the quota.";
