/** Sentence-transformers pooling for the local model. @module */
import { l2Normalize } from "./vectors.ts";

/**
 * Averages each row's token vectors over its attention mask (padding ignored) and
 * L2-normalises the result, as sentence-transformers does for all-MiniLM-L6-v2.
 * `hidden` is row-major `[size, length, dims]`, `mask` row-major `[size, length]`.
 */
export function meanPool(
  hidden: Float32Array,
  mask: BigInt64Array,
  shape: { size: number; length: number; dims: number },
): Float32Array[] {
  const { size, length, dims } = shape;
  if (hidden.length !== size * length * dims || mask.length !== size * length) {
    throw new RangeError("hidden state and mask do not match the batch shape");
  }
  const out: Float32Array[] = [];
  for (let r = 0; r < size; r++) {
    const v = new Float32Array(dims);
    let tokens = 0;
    for (let t = 0; t < length; t++) {
      if (mask[r * length + t] === 0n) continue;
      tokens++;
      const base = (r * length + t) * dims;
      for (let d = 0; d < dims; d++) v[d]! += hidden[base + d]!;
    }
    if (tokens > 0) { for (let d = 0; d < dims; d++) v[d]! /= tokens; }
    out.push(l2Normalize(v));
  }
  return out;
}
