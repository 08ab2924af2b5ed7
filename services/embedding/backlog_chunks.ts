/**
 * How the embedding service works through a backlog: what arrives together is embedded in
 * chunks whose size follows the backlog. A short backlog goes in one chunk at once, the
 * least latency; a long one in chunks that grow with it, up to a cap, so the model runs
 * full batches and each chunk is one transaction, while the first jobs of the backlog are
 * ready (and matched) after one chunk instead of after all of it.
 * @module
 */
import type { YieldGate } from "./yield_gate.ts";

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

/** A chunk to embed now, or the late work to hand to the retry sweeper. */
export interface PacedChunk<T> {
  items: T[];
  /** True: the API is busy and the caller may not wait; defer these instead. */
  deferred: boolean;
}

/**
 * `items` in consecutive chunks of {@linkcode chunkSize} for their number: the fresh ones
 * first (waited less than the gate's `lateAfterMs()` since their `updated_at`), at once and
 * in their order, then the late ones, each chunk let through by the gate first. A chunk
 * let through only after the gate's longest wait takes at most `min` items, so an API busy
 * for good gets background work in small bites; once the gate says "deferred", every late
 * item left comes as one deferred chunk.
 */
export async function* pacedChunks<T extends { updated_at: Date }>(
  items: readonly T[],
  gate: YieldGate,
  opts: { now: () => Date; canWait: boolean },
  limits: ChunkLimits = CHUNK_LIMITS,
): AsyncGenerator<PacedChunk<T>> {
  const size = chunkSize(items.length, limits);
  const lateBefore = opts.now().getTime() - gate.lateAfterMs();
  const fresh = items.filter((i) => i.updated_at.getTime() > lateBefore);
  const late = items.filter((i) => i.updated_at.getTime() <= lateBefore);
  for (let at = 0; at < fresh.length; at += size) {
    yield { items: fresh.slice(at, at + size), deferred: false };
  }
  for (let at = 0; at < late.length;) {
    const pace = await gate.admitLate(opts.canWait);
    if (pace === "deferred") {
      yield { items: late.slice(at), deferred: true };
      return;
    }
    const take = pace === "yielded" ? Math.min(size, limits.min) : size;
    yield { items: late.slice(at, at + take), deferred: false };
    at += take;
  }
}
