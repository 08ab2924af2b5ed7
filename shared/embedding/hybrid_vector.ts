/** How the local provider joins its dense and lexical vectors. @module */

/** Shares of the final cosine; they sum to 1. */
export interface HybridWeights {
  dense: number;
  lexical: number;
}

/**
 * concat(√wd·dense, √wl·lexical). With unit inputs the result is unit length and the dot
 * product of two results is wd·cos_dense + wl·cos_lexical. A text with no words has a zero
 * lexical vector; its dense part then takes the whole length so every vector stays unit.
 */
export function hybridVector(
  dense: Float32Array,
  lexical: Float32Array,
  weights: HybridWeights,
): Float32Array {
  const hasWords = lexical.some((x) => x !== 0);
  const wd = hasWords ? Math.sqrt(weights.dense) : 1;
  const wl = hasWords ? Math.sqrt(weights.lexical) : 0;
  const out = new Float32Array(dense.length + lexical.length);
  for (let i = 0; i < dense.length; i++) out[i] = wd * dense[i]!;
  for (let i = 0; i < lexical.length; i++) out[dense.length + i] = wl * lexical[i]!;
  return out;
}
