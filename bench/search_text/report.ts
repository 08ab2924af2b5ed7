/**
 * The search-text benchmark's figures as Markdown: per kind of job, what the search text and
 * the inserts cost Postgres in each schema, and the jobs insert as a multiple of the bare one.
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

/** One kind of job: what it is, how long its text is, what it cost in each schema. */
export interface JobKind {
  name: string;
  about: string;
  /** Mean characters of title and description together. */
  chars: number;
  costs: Record<Schema, Costs>;
}

const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 0.5);
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

/** The table of the report: one row per kind, each figure before → now. */
export function costTable(kinds: readonly JobKind[], labels: Record<Schema, string>): string {
  const rows = kinds.map((k) => {
    const [b, n] = [medians(k.costs.before), medians(k.costs.now)];
    return [
      k.name,
      us(k.chars),
      `${us(b.searchText)} → ${us(n.searchText)}`,
      `${us(b.jobsInsert)} → ${us(n.jobsInsert)}`,
      `${us(b.bareInsert)}, ${us(n.bareInsert)}`,
      `${times(b.jobsInsert, b.bareInsert)} → ${times(n.jobsInsert, n.bareInsert)}`,
      `${times(n.searchText, b.searchText)}`,
    ];
  });
  return markdownTable(
    [
      "jobs",
      "characters a job",
      `search text, µs a job (${labels.before} → ${labels.now})`,
      "jobs insert, µs a job",
      "bare insert, µs a job (each database)",
      "jobs insert ÷ bare insert",
      "search text now ÷ before",
    ],
    rows,
    [1, 2, 3, 4, 5, 6],
  );
}
