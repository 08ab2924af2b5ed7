/**
 * Opaque list cursors: the (created_at, id) of the last item of a page, so the next page
 * starts right after it even while jobs are being created or deleted.
 * @module
 */
import { fieldError } from "@hire/errors";
import { type IdPrefix, isId } from "@hire/ids";
import { decodeBase64Url, encodeBase64Url } from "@hire/partners";
import { ApiError } from "./problem.ts";

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

/** Decodes a cursor of a list of `prefix` ids; throws a 422 on anything this service did not issue. */
export function decodeCursor(cursor: string, prefix: IdPrefix): Position {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(decodeBase64Url(cursor)));
    if (!Array.isArray(value) || value.length !== 2) throw new Error("bad cursor");
    const [at, id] = value;
    if (typeof at !== "string" || typeof id !== "string" || !isId(prefix, id)) {
      throw new Error("bad cursor");
    }
    const createdAt = new Date(at);
    // Only the exact form encodeCursor writes round-trips.
    if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) {
      throw new Error("bad cursor");
    }
    return { createdAt, id };
  } catch {
    throw new ApiError("partner.validation_failed", {
      errors: [fieldError("/query/cursor", "invalid_cursor")],
    });
  }
}

/**
 * A list response: the page's items as partners see them, the cursor of the page's last
 * row when more follow, and `has_more`.
 */
export function listPage<R extends { created_at: Date; id: string }, T>(
  rows: readonly R[],
  hasMore: boolean,
  toPublic: (row: R) => T,
): { data: T[]; next_cursor: string | null; has_more: boolean } {
  const last = rows[rows.length - 1];
  return {
    data: rows.map(toPublic),
    next_cursor: hasMore && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    has_more: hasMore,
  };
}
