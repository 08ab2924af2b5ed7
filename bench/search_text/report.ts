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

/**
 * Microseconds of Postgres CPU per job, one value per repeat, of the parts of the insert now:
 * the row without its `search` vector, the whole row in a schema without the search index, and
 * the vector's `to_tsvector` alone.
 */
export interface InsertParts {
  vectorless: number[];
  unindexed: number[];
  vector: number[];
}

/** One kind of job: what it is, how long its text is, what it cost in each schema. */
export interface JobKind {
  name: string;
  about: string;
  /** Mean characters of title and description together. */
  chars: number;
  costs: Record<Schema, Costs>;
  parts: InsertParts;
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

/**
 * The parts of the insert now, one row per kind: the whole insert, the row without its vector,
 * the insert without the search index, and what that leaves to each part (the search index: the
 * whole less the insert without it; the vector stored, of which \`to_tsvector\` alone).
 */
export function partsTable(kinds: readonly JobKind[]): string {
  const rows = kinds.map((k) => {
    const whole = median(k.costs.now.jobsInsert);
    const [vectorless, unindexed, vector] = [
      median(k.parts.vectorless),
      median(k.parts.unindexed),
      median(k.parts.vector),
    ];
    return [
      k.name,
      us(whole),
      us(vectorless),
      us(unindexed),
      us(whole - unindexed),
      us(unindexed - vectorless),
      us(vector),
    ];
  });
  return markdownTable(
    [
      "jobs",
      "jobs insert, µs a job",
      "the row without its vector",
      "without the search index",
      "→ the search index",
      "→ the vector, stored",
      "of which to_tsvector alone",
    ],
    rows,
    [1, 2, 3, 4, 5, 6],
  );
}
