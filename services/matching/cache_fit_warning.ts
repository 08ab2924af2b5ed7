/**
 * Whether the pgvector tables fit in Postgres's cache with room left for the rest of the
 * database's hot pages. A search reads every row of its block, so once the tables outgrow
 * `shared_buffers` every search copies its pages in from the operating system, two to four
 * times the time (`readCacheFit` of `@hire/vector`). The service says so when they stop
 * fitting (`cache_fit_watch.ts`), with the setting that would hold them.
 * @module
 */
import type { CacheFit } from "@hire/vector";

/** The share of `shared_buffers` the vector tables may take; other tables need the rest. */
const VECTOR_SHARE = 0.75;

const MiB = 1024 * 1024;
/** What the advice rounds up to: Postgres's own default, so the figure reads as a setting. */
const STEP_MIB = 128;

/** The warning to log, or undefined when the tables fit. */
export function cacheFitWarning(fit: CacheFit): string | undefined {
  if (fit.vectorBytes <= fit.sharedBuffersBytes * VECTOR_SHARE) return undefined;
  const wanted = Math.ceil(fit.vectorBytes / VECTOR_SHARE / MiB / STEP_MIB) * STEP_MIB;
  return `the pgvector tables take ${Math.round(fit.vectorBytes / MiB)} MB and Postgres's ` +
    `shared_buffers is ${Math.round(fit.sharedBuffersBytes / MiB)} MB, so searches read ` +
    "their rows from outside Postgres's cache, two to four times slower. Set shared_buffers to " +
    `at least ${wanted}MB (a restart of Postgres; deploy/docker/README.md, Postgres's memory), ` +
    "or use Qdrant (QDRANT_URL).";
}
