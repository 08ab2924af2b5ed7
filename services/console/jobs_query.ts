/**
 * The jobs list's query string: which jobs (`status`) and from where (`cursor`). Pure, so
 * every malformed value is tested to be refused (the page answers 400, never 500).
 * @module
 */
import { parseCursor, type Position } from "@hire/ids";
import { JOB_STATUSES, type JobStatus } from "@hire/jobs";

/** What the list can show: jobs of one status (not deleted), or the deleted ones. */
export type JobsFilter = JobStatus | "deleted";

/** Every filter, in the order the form offers them. */
export const JOBS_FILTERS: readonly JobsFilter[] = [...JOB_STATUSES, "deleted"];

/** A valid query: an absent filter means every job not deleted. */
export interface JobsQuery {
  filter?: JobsFilter;
  after?: Position;
}

/**
 * Reads `status` (empty: all, as the form's first option sends it) and `cursor` (only one
 * the list issued); undefined when either is anything else.
 */
export function parseJobsQuery(
  q: { status?: string; cursor?: string },
): JobsQuery | undefined {
  const filter = JOBS_FILTERS.find((f) => f === q.status);
  if (q.status !== undefined && q.status !== "" && !filter) return undefined;
  if (q.cursor === undefined) return { filter };
  const after = parseCursor(q.cursor, "job");
  return after ? { filter, after } : undefined;
}

/** The list's address for `query`, as its links write it. */
export function jobsHref(query: { filter?: JobsFilter; cursor?: string }): string {
  const params = new URLSearchParams();
  if (query.filter) params.set("status", query.filter);
  if (query.cursor) params.set("cursor", query.cursor);
  const search = params.toString();
  return search ? `/jobs?${search}` : "/jobs";
}
