/**
 * How the embedding service works through a backlog: what arrives together is embedded in
 * chunks whose size follows the backlog. A short backlog goes in one chunk at once, the
 * least latency; a long one in chunks that grow with it, up to a cap, so the model runs
 * full batches and each chunk is one transaction, while the first jobs of the backlog are
 * ready (and matched) after one chunk instead of after all of it.
 * @module
 */
import type { Admit } from "./yield_gate.ts";

/** The bounds of a chunk. */
export interface ChunkLimits {
  /** A backlog up to this long is one chunk. */
  min: number;
  /** No chunk is longer. */
  max: number;
}

/**
 * The service's bounds: 16 texts are one or two inference runs of the local model, a few
 * tens of milliseconds; 128 are about half a second at 300 texts/s, long enough that its
 * transaction and index writes cost little per text, short enough that the worker's
 * heartbeats and the outbox are not held up.
 */
export const CHUNK_LIMITS: ChunkLimits = { min: 16, max: 128 };

/**
 * Texts per chunk for a backlog of `backlog`: all of it while at most `min`, then a quarter
 * of the backlog (the first results come after a quarter of the work), within the bounds.
 */
export function chunkSize(backlog: number, limits: ChunkLimits = CHUNK_LIMITS): number {
  if (backlog <= limits.min) return Math.max(1, backlog);
  return Math.min(limits.max, Math.max(limits.min, Math.ceil(backlog / 4)));
}

/**
 * `items` in consecutive chunks of {@linkcode chunkSize} for their number, each let through
 * by `admit` first (the yield gate), told how long the chunk's oldest item has waited since
 * its `updated_at`: a chunk let through only after the gate's longest wait takes at most
 * `min` items, so an API busy for good gets background work in small bites.
 */
export async function* pacedChunks<T extends { updated_at: Date }>(
  items: readonly T[],
  admit: Admit,
  now: () => Date,
  limits: ChunkLimits = CHUNK_LIMITS,
): AsyncGenerator<T[]> {
  const size = chunkSize(items.length, limits);
  for (let at = 0; at < items.length;) {
    const oldest = Math.min(...items.slice(at, at + size).map((i) => i.updated_at.getTime()));
    const take = (await admit(now().getTime() - oldest)) === "yielded"
      ? Math.min(size, limits.min)
      : size;
    yield items.slice(at, at + take);
    at += take;
  }
}
