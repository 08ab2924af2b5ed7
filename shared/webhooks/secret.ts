/**
 * Webhook signing secrets: `whsec_` followed by 43 base64url characters (256 random bits).
 * The whole string, prefix included, is the HMAC key.
 * @module
 */

const PREFIX = "whsec_";
/**
 * The exact form of a secret. 32 bytes are 256 bits; 43 base64url characters carry 258, so
 * the last character only encodes 4 bits and its low 2 are zero: it is one of the 16
 * characters below. Checking it makes the format check exact (one spelling per secret), not
 * merely "43 characters".
 */
export const WEBHOOK_SECRET_FORMAT = /^whsec_[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/** A new random secret, e.g. `whsec_3q2-7wEAAAB...` (49 characters). */
export function generateWebhookSecret(): string {
  return PREFIX + encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Whether `value` is exactly a secret as {@linkcode generateWebhookSecret} makes them. */
export function isWebhookSecret(value: unknown): value is string {
  return typeof value === "string" && WEBHOOK_SECRET_FORMAT.test(value);
}

function encodeBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
