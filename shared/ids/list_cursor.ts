/**
 * Opaque list cursors: the (created_at, id) of the last item of a page, so the next page
 * starts right after it even while items are being created or deleted. The partner API's
 * lists and the public site's feed page the same way.
 * @module
 */
import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";
import { type IdPrefix, isId } from "./mod.ts";

/** The position after which the next page starts. */
export interface Position {
  createdAt: Date;
  id: string;
}

/** Encodes a position as an opaque cursor. */
export function encodeCursor(p: Position): string {
  return encodeBase64Url(
    new TextEncoder().encode(JSON.stringify([p.createdAt.toISOString(), p.id])),
  );
}

/** Decodes a cursor of a list of `prefix` ids; undefined for anything encodeCursor did not write. */
export function parseCursor(cursor: string, prefix: IdPrefix): Position | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(decodeBase64Url(cursor)));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [at, id] = value;
    if (typeof at !== "string" || typeof id !== "string" || !isId(prefix, id)) return undefined;
    const createdAt = new Date(at);
    // Only the exact form encodeCursor writes round-trips.
    if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) return undefined;
    return { createdAt, id };
  } catch {
    return undefined;
  }
}
