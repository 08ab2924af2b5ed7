/**
 * Signing and verifying webhook deliveries.
 *
 * Every delivery carries `X-Service-Signature: t=<ts>,v1=<hex>[,v1=<hex>…]` and
 * `X-Service-Timestamp: <ts>`. Each `v1` is the lowercase hex HMAC-SHA256 of
 * `<ts>.<raw body>` keyed by the whole `whsec_…` secret as UTF-8. While a secret is being
 * rotated the sender signs with the new and the old secret, so one header carries two `v1`s
 * and a receiver holding either secret accepts it.
 * @module
 */
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import { isWebhookSecret } from "./secret.ts";

/** Header carrying `t=<ts>,v1=<hex>[,v1=<hex>…]`. */
export const SIGNATURE_HEADER = "X-Service-Signature";
/** Header carrying the signing time in integer epoch seconds; always equal to `t`. */
export const TIMESTAMP_HEADER = "X-Service-Timestamp";
/** Header carrying the delivery's id, stable across retries; receivers deduplicate on it. */
export const DELIVERY_ID_HEADER = "X-Service-Delivery-Id";
/** Header carrying the event type, e.g. `job.created`. */
export const EVENT_HEADER = "X-Service-Event";

/** How far, in seconds, a delivery's timestamp may be from the receiver's clock, either way. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
/** Longest signature header parsed; anything longer is rejected unread. */
export const MAX_SIGNATURE_HEADER_LENGTH = 4096;

/** The raw body exactly as sent or received: text (encoded as UTF-8) or bytes. */
export type WebhookBody = string | Uint8Array;

/** Why {@linkcode verifyWebhook} rejected a delivery. */
export type VerifyFailure =
  | "missing_header"
  | "malformed_header"
  | "timestamp_mismatch"
  | "too_old"
  | "too_new"
  | "no_match";

/** The outcome of {@linkcode verifyWebhook}. */
export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: VerifyFailure };

/**
 * Signs a delivery with every secret given, newest first, one `v1=` each in that order.
 * Returns the `X-Service-Signature` value and the `X-Service-Timestamp` value.
 * Throws on no secrets, a value that is not a `whsec_` secret, or a timestamp that is not
 * integer epoch seconds.
 */
export function signPayload(opts: {
  secrets: string[];
  timestamp: number;
  body: WebhookBody;
}): { header: string; timestamp: string } {
  const { secrets, timestamp, body } = opts;
  if (secrets.length === 0) throw new TypeError("signPayload needs at least one secret");
  if (!secrets.every(isWebhookSecret)) throw new TypeError("not a whsec_ secret");
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError(`timestamp must be integer epoch seconds, got ${timestamp}`);
  }
  // Date.now() passed by mistake would sign deliveries every receiver rejects as too_new.
  if (timestamp >= 1e11) throw new RangeError(`timestamp ${timestamp} looks like milliseconds`);
  const ts = String(timestamp);
  const message = signedMessage(ts, body);
  const digests = secrets.map((s) => hmac(s, message).toString("hex"));
  const header = [`t=${ts}`, ...digests.map((d) => `v1=${d}`)].join(",");
  if (header.length > MAX_SIGNATURE_HEADER_LENGTH) {
    throw new RangeError(`${secrets.length} secrets make a header receivers reject`);
  }
  return { header, timestamp: ts };
}

/**
 * Parses an `X-Service-Signature` value. Spaces around items and around `=` are ignored, as
 * are empty items and unknown schemes (`v0=`, a future `v2=`), so the sender can add schemes
 * without breaking receivers. Returns `undefined` when the header is longer than 4 KiB, has
 * no `t`, more than one `t`, a `t` that is not a canonical non-negative integer, an item
 * without `=`, no `v1`, or a `v1` that is not 64 hex digits.
 */
export function parseSignatureHeader(
  header: string,
): { timestamp: number; signatures: string[] } | undefined {
  if (header.length > MAX_SIGNATURE_HEADER_LENGTH) return undefined;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const raw of header.split(",")) {
    const item = raw.trim();
    if (item === "") continue;
    const eq = item.indexOf("=");
    if (eq <= 0) return undefined;
    const scheme = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (scheme === "t") {
      // Two timestamps leave it open which one was signed.
      if (timestamp !== undefined) return undefined;
      timestamp = parseTimestamp(value);
      if (timestamp === undefined) return undefined;
    } else if (scheme === "v1") {
      if (!HEX_DIGEST.test(value)) return undefined;
      signatures.push(value.toLowerCase());
    }
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

/**
 * Verifies a delivery as a receiver. `body` must be the raw body as received (never
 * re-serialised JSON). The delivery is accepted when its timestamp is within
 * `toleranceSeconds` (default 300) of `now` in either direction — too old is a replay, too
 * far ahead is a clock we do not trust — when `timestampHeader`, if given, equals `t`, and
 * when any `v1` matches `secret`. Digests are compared in constant time
 * (`timingSafeEqual`). Throws when `secret` is not a whole `whsec_` secret (a
 * configuration error, e.g. a trailing newline or a stripped prefix), not a delivery one.
 */
// The published API stays a promise whose errors reject, as when it used WebCrypto.
// deno-lint-ignore require-await
export async function verifyWebhook(opts: {
  secret: string;
  body: WebhookBody;
  signatureHeader: string | null | undefined;
  timestampHeader?: string | null;
  now?: Date;
  toleranceSeconds?: number;
}): Promise<VerifyResult> {
  const { secret, body, signatureHeader, timestampHeader } = opts;
  const { now = new Date(), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = opts;
  if (!isWebhookSecret(secret)) {
    throw new TypeError("secret must be the whole whsec_… string as issued");
  }
  // NaN would make both window comparisons false and let any timestamp through.
  if (!Number.isFinite(now.getTime())) throw new RangeError("now is an invalid Date");
  if (!(toleranceSeconds >= 0 && Number.isFinite(toleranceSeconds))) {
    throw new RangeError(`toleranceSeconds must be a finite number >= 0, got ${toleranceSeconds}`);
  }
  if (signatureHeader === null || signatureHeader === undefined) return fail("missing_header");
  const parsed = parseSignatureHeader(signatureHeader);
  if (!parsed) return fail("malformed_header");
  if (timestampHeader !== null && timestampHeader !== undefined) {
    const stated = parseTimestamp(timestampHeader.trim());
    if (stated === undefined) return fail("malformed_header");
    if (stated !== parsed.timestamp) return fail("timestamp_mismatch");
  }
  // Checked before any HMAC so a flood of replays costs no crypto.
  const age = now.getTime() / 1000 - parsed.timestamp;
  if (age > toleranceSeconds) return fail("too_old");
  if (age < -toleranceSeconds) return fail("too_new");
  const expected = hmac(secret, signedMessage(String(parsed.timestamp), body));
  for (const signature of parsed.signatures) {
    // Both are 32 bytes: parseSignatureHeader accepts only 64 hex digits.
    if (timingSafeEqual(Buffer.from(signature, "hex"), expected)) {
      return { ok: true, timestamp: parsed.timestamp };
    }
  }
  return fail("no_match");
}

const HEX_DIGEST = /^[0-9a-fA-F]{64}$/;
const encoder = new TextEncoder();

function fail(reason: VerifyFailure): VerifyResult {
  return { ok: false, reason };
}

// Canonical decimal only: no sign, no leading zeros, no exponent, within 2^53.
function parseTimestamp(text: string): number | undefined {
  if (!/^(0|[1-9][0-9]{0,14})$/.test(text)) return undefined;
  return Number(text);
}

function signedMessage(timestamp: string, body: WebhookBody): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${timestamp}.`);
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  const message = new Uint8Array(prefix.length + bytes.length);
  message.set(prefix);
  message.set(bytes, prefix.length);
  return message;
}

// node:crypto's HMAC is synchronous: WebCrypto's is a round trip through a thread pool,
// which under load kept a delivery waiting longer than its request took, and needs each
// secret imported as a key first.
function hmac(secret: string, message: Uint8Array): Buffer {
  return createHmac("sha256", secret).update(message).digest();
}
