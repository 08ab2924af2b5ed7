/**
 * The search-text benchmark's figures as Markdown: per kind of job, what the search text and
 * the inserts cost Postgres in each schema (now's also with the search index merged apart), and
 * the jobs insert as a multiple of the bare one.
 * @module
 */
import { markdownTable } from "../common/markdown.ts";
import { percentile } from "../common/stats.ts";

/** The schemas measured side by side. */
export type Schema = "before" | "now";

/** Microseconds of Postgres CPU per job, one value per repeat. */
export interface Costs {
  searchText: number[];
  jobsInsert: number[];
  bareInsert: number[];
}

/**
 * Microseconds of Postgres CPU per job of the jobs insert now with the job service's merge of
 * the search index beside it: the inserting backend's, and the merging one's.
 */
export interface MergedCosts {
  insert: number[];
  merge: number[];
}

/** One kind of job: what it is, how long its text is, what it cost in each schema. */
export interface JobKind {
  name: string;
  about: string;
  /** Mean characters of title and description together. */
  chars: number;
  costs: Record<Schema, Costs>;
  merged: MergedCosts;
}

/** The middle of `values`. */
export const median = (values: readonly number[]) =>
  percentile([...values].sort((a, b) => a - b), 0.5);
const us = (v: number) => Math.round(v).toLocaleString("en-US");
// A search text too cheap to register in whole ticks has no ratio.
const times = (a: number, b: number) => b > 0 ? `${(a / b).toFixed(2)}×` : "—";

/** The medians of one kind in one schema. */
export function medians(c: Costs): { searchText: number; jobsInsert: number; bareInsert: number } {
  return {
    searchText: median(c.searchText),
    jobsInsert: median(c.jobsInsert),
    bareInsert: median(c.bareInsert),
  };
}

/**
 * The table of the report: one row per kind, each figure before → now, and now's insert with
 * the job service merging the search index beside it (the insert's share + the merge's).
 */
export function costTable(kinds: readonly JobKind[], labels: Record<Schema, string>): string {
  const rows = kinds.map((k) => {
    const [b, n] = [medians(k.costs.before), medians(k.costs.now)];
    const [insert, merge] = [median(k.merged.insert), median(k.merged.merge)];
    return [
      k.name,
      us(k.chars),
      `${us(b.searchText)} → ${us(n.searchText)}`,
      `${us(b.jobsInsert)} → ${us(n.jobsInsert)}`,
      `${us(insert)} + ${us(merge)}`,
      `${us(b.bareInsert)}, ${us(n.bareInsert)}`,
      `${times(b.jobsInsert, b.bareInsert)} → ${times(n.jobsInsert, n.bareInsert)} → ` +
      times(insert, n.bareInsert),
      `${times(n.searchText, b.searchText)}`,
    ];
  });
  return markdownTable(
    [
      "jobs",
      "characters a job",
      `search text, µs a job (${labels.before} → ${labels.now})`,
      "jobs insert, µs a job",
      "now, the job service merging the index: insert + merge, µs a job",
      "bare insert, µs a job (each database)",
      "jobs insert ÷ bare insert (before → now → merged apart)",
      "search text now ÷ before",
    ],
    rows,
    [1, 2, 3, 4, 5, 6, 7],
  );
}
