/**
 * A page of a job's matches as the partner API answers it, and the page's cursors. A cursor
 * names the job whose listing issued it besides the page's last pair, so another listing's
 * cursor (the jobs list's, the delivery log's, another job's matches') is refused like a
 * forged one, with the 422 of every list.
 * @module
 */
import { decodeBase64Url, encodeBase64Url, isId } from "@hire/ids";
import type { JobMatchRow, MatchPosition } from "@hire/tables";
import { invalidCursor } from "./cursor.ts";

/** A pair as partners see it: `event_id` is the `job.matched` that announced it. */
export interface PublicMatch {
  seeker_id: string;
  score: number;
  created_at: string;
  event_id: string;
}

/** The pair as listed; `created_at` is when it was recorded, in UTC. */
export function toPublicMatch(row: JobMatchRow): PublicMatch {
  return {
    seeker_id: row.seeker_id,
    score: row.score,
    created_at: row.matched_at.toISOString(),
    event_id: row.event_id,
  };
}

/** The cursor of the listing of `jobId`'s matches that starts after `after`. */
export function encodeMatchCursor(jobId: string, after: MatchPosition): string {
  const value = [jobId, after.matchedAt.toISOString(), after.seekerId];
  return encodeBase64Url(new TextEncoder().encode(JSON.stringify(value)));
}

/** The position of a cursor issued by `jobId`'s listing; throws the 422 on any other. */
export function decodeMatchCursor(cursor: string, jobId: string): MatchPosition {
  const position = parse(cursor, jobId);
  if (!position) throw invalidCursor();
  return position;
}

function parse(cursor: string, jobId: string): MatchPosition | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(decodeBase64Url(cursor)));
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [job, at, seekerId] = value;
    if (job !== jobId || typeof at !== "string" || typeof seekerId !== "string") return undefined;
    if (!isId("seek", seekerId)) return undefined;
    const matchedAt = new Date(at);
    // Only the exact form encodeMatchCursor writes round-trips.
    if (Number.isNaN(matchedAt.getTime()) || matchedAt.toISOString() !== at) return undefined;
    return { matchedAt, seekerId };
  } catch {
    return undefined;
  }
}

/** The list response: the pairs, the cursor after the last when more follow, `has_more`. */
export function matchPage(
  jobId: string,
  rows: readonly JobMatchRow[],
  hasMore: boolean,
): { data: PublicMatch[]; next_cursor: string | null; has_more: boolean } {
  const last = rows[rows.length - 1];
  return {
    data: rows.map(toPublicMatch),
    next_cursor: hasMore && last
      ? encodeMatchCursor(jobId, { matchedAt: last.matched_at, seekerId: last.seeker_id })
      : null,
    has_more: hasMore,
  };
}
