/**
 * Identifiers of the form `<prefix>_<ulid>`: sortable by creation time, safe in URLs,
 * and self-describing in logs and support tickets.
 * @module
 */
import { monotonicFactory } from "ulid";
import { pooledRandom } from "./random_pool.ts";

/** Every prefix the service issues. */
export type IdPrefix =
  | "job"
  | "ptr"
  | "key"
  | "cmd"
  | "evt"
  | "wh"
  | "dlv"
  | "seek"
  | "req"
  | "usr"
  | "aud";

const next = monotonicFactory(pooledRandom());
const ULID = "[0-9A-HJKMNP-TV-Z]{26}";

/** A new id with the given prefix, e.g. `job_01J9Z3...`. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${next()}`;
}

/** The pattern of a `prefix` id (Crockford base32 ULID, upper case), anchored at both ends. */
export function idPattern(prefix: IdPrefix): string {
  return `^${prefix}_${ULID}$`;
}

/** Whether `value` is an id with this prefix. */
export function isId(prefix: IdPrefix, value: string): boolean {
  return new RegExp(idPattern(prefix)).test(value);
}

export { decodeBase64Url, encodeBase64Url } from "./base64url.ts";
export { encodeCursor, parseCursor, type Position } from "./list_cursor.ts";
