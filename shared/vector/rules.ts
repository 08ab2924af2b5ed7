/**
 * Rules every adapter applies the same way, so that switching backends changes no answer:
 * the shape of a vector, the limit of a search, the score, the block a search may keep to,
 * the prefix of store names, and a stored job's search made from its vector.
 * @module
 */
import type { Hit, SeekerFilter, VectorBlocks, VectorIndex } from "./index.ts";

/** Throws unless `vector` has `dimensions` finite components. */
export function assertVector(vector: Float32Array, dimensions: number, what: string): void {
  if (vector.length !== dimensions) {
    throw new RangeError(
      `${what} has ${vector.length} dimensions; this index holds ${dimensions}-dimensional vectors`,
    );
  }
  // A NaN or infinite component would be rejected by pgvector and silently poison Qdrant.
  if (!vector.every(Number.isFinite)) throw new RangeError(`${what} has a non-finite component`);
}

/** Throws unless `dimensions` is a usable vector width (pgvector indexes up to 2000). */
export function assertDimensions(dimensions: number): void {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 2000) {
    throw new RangeError(`dimensions must be an integer in 1..2000, got ${dimensions}`);
  }
}

/** Throws unless `limit` is a whole number of hits, at least 0. */
export function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`limit must be a non-negative integer, got ${limit}`);
  }
}

/**
 * The score of a hit from its cosine similarity, clamped to [0, 1]: opposite and orthogonal
 * vectors both score 0, and float error cannot push an identical vector above 1. A zero
 * vector has no direction (pgvector answers NaN), so it scores 0.
 */
export function scoreOf(cosineSimilarity: number): number {
  if (Number.isNaN(cosineSimilarity)) return 0;
  return Math.min(1, Math.max(0, cosineSimilarity));
}

/** Throws unless `minScore` is absent or a score, in [0, 1]. */
export function assertMinScore(minScore: number | undefined): void {
  if (minScore !== undefined && !(minScore >= 0 && minScore <= 1)) {
    throw new RangeError(`minScore must be in [0, 1], got ${minScore}`);
  }
}

/** Whether a search for hits scoring at least `minScore` can keep to the query's block. */
export function keepsToBlock(
  blocks: VectorBlocks | undefined,
  minScore: number | undefined,
): boolean {
  return blocks !== undefined && minScore !== undefined && minScore > blocks.maxScoreAcross;
}

/**
 * The block a search may keep to: the query's, when every hit it needs scores above what
 * two blocks can share; undefined when it must look everywhere.
 */
export function searchBlock(
  blocks: VectorBlocks | undefined,
  query: Float32Array,
  minScore: number | undefined,
): number | undefined {
  return keepsToBlock(blocks, minScore) ? blocks!.of(query) : undefined;
}

/** The hits scoring at least `minScore` (all of them without one), order kept. */
export function atLeast(hits: Hit[], minScore: number | undefined): Hit[] {
  return minScore === undefined ? hits : hits.filter((h) => h.score >= minScore);
}

/**
 * The last entry of each id, in the order of their first: a batch write has one row per id
 * (Postgres refuses to change a row twice in one statement) and the later entry wins, as it
 * would have written one by one.
 */
export function lastOfEachId<T extends { id: string }>(entries: T[]): T[] {
  return [...new Map(entries.map((e) => [e.id, e])).values()];
}

/**
 * Throws unless `prefix` can start a table or collection name without quoting: lower-case
 * letters, digits and underscores, not starting with a digit, short enough that the longest
 * derived index name stays under Postgres' 63-byte identifier limit.
 */
export function assertPrefix(prefix: string): void {
  if (!/^([a-z_][a-z0-9_]{0,23})?$/.test(prefix)) {
    throw new RangeError(
      `prefix must match [a-z_][a-z0-9_]* and be at most 24 characters, got ${
        JSON.stringify(prefix)
      }`,
    );
  }
}

/**
 * `searchSeekersForJob` made from the job's vector: read, then sent back as the query. What
 * an adapter does where it cannot search with the stored vector in place.
 */
export async function searchSeekersWithJobVector(
  index: VectorIndex,
  jobId: string,
  filter: SeekerFilter,
  limit: number,
): Promise<Hit[]> {
  assertLimit(limit);
  assertMinScore(filter.minScore);
  const job = await index.getJob(jobId);
  return job ? await index.searchSeekers(job.vector, filter, limit) : [];
}
