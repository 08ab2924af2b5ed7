/**
 * The console's secrets: sign-in links, session cookies and CSRF tokens are 32 random bytes
 * (base64url); links and sessions are stored only as their SHA-256.
 * @module
 */
import { encodeBase64Url } from "@hire/ids";
import { timingSafeEqual } from "node:crypto";

/** 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether `value` has the shape of a token this module makes (checked before any lookup). */
export function isToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value);
}

/** The stored form of a token. */
export async function hashToken(token: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}

/** Compares two tokens in time independent of where they differ. */
export function sameToken(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
