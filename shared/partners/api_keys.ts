/**
 * API keys: `hk_live_` followed by 43 base64url characters (256 random bits). Only the
 * SHA-256 hash is stored; the key itself is shown once.
 * @module
 */
import { encodeBase64Url } from "@hire/ids";

const PREFIX = "hk_live_";
const FORMAT = /^hk_live_[A-Za-z0-9_-]{43}$/;

/** A new random key. */
export function generateApiKey(): string {
  return PREFIX + encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Whether `key` has the shape of a key this service issues (checked before any lookup). */
export function isWellFormedApiKey(key: string): boolean {
  return FORMAT.test(key);
}

/** The stored form of a key: hex SHA-256. */
export async function hashApiKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The non-secret start of a key, kept to tell keys apart in support conversations. */
export function keyPrefix(key: string): string {
  return key.slice(0, PREFIX.length + 6);
}
