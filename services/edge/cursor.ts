/**
 * The partner API's list cursors (`@hire/ids` encodes them) and list responses.
 * @module
 */
import { fieldError } from "@hire/errors";
import { encodeCursor, type IdPrefix, parseCursor, type Position } from "@hire/ids";
import { ApiError } from "./problem.ts";

export { encodeCursor, type Position };

/** The 422 every list answers a cursor it did not issue with. */
export function invalidCursor(): ApiError {
  return new ApiError("partner.validation_failed", {
    errors: [fieldError("/query/cursor", "invalid_cursor")],
  });
}

/** Decodes a cursor of a list of `prefix` ids; throws a 422 on anything this service did not issue. */
export function decodeCursor(cursor: string, prefix: IdPrefix): Position {
  const position = parseCursor(cursor, prefix);
  if (position) return position;
  throw invalidCursor();
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
