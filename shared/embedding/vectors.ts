/** Small vector helpers shared by the providers. @module */

/** Scales `v` to unit length in place and returns it; a zero vector stays zero. */
export function l2Normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  if (sum === 0) return v;
  const inv = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i]! *= inv;
  return v;
}

/** The dot product of two vectors of the same length (the cosine when both are unit). */
export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new RangeError(`lengths differ: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** The L2 norm of a vector. */
export function norm(v: Float32Array): number {
  return Math.sqrt(dot(v, v));
}
