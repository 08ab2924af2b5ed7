/**
 * Vectors with a known geometry and records for the vector index contract. Everything is
 * deterministic, so a failure reproduces.
 * @module
 */
import { newId } from "@hire/ids";
import type { JobVector, SeekerVector } from "./index.ts";

/** The width of the contract's vectors: small enough to reason about, big enough to vary. */
export const DIMENSIONS = 8;

/** Unit vector along axis `i`, or its opposite when `sign` is -1. */
export function axis(i: number, sign = 1): Float32Array {
  const v = new Float32Array(DIMENSIONS);
  v[i] = sign;
  return v;
}

/** `v` scaled to length 1. */
export function normalize(v: ArrayLike<number>): Float32Array {
  const norm = Math.hypot(...Array.from(v));
  return Float32Array.from(v, (x) => x / norm);
}

/**
 * The unit vector at `degrees` from axis 0, tilted toward `direction` (a vector orthogonal to
 * axis 0; axis 1 by default). Its cosine similarity with axis 0 is cos(degrees).
 */
export function toward(degrees: number, direction: Float32Array = axis(1)): Float32Array {
  const a = (degrees * Math.PI) / 180;
  const d = normalize(direction);
  return normalize(d.map((x, i) => (i === 0 ? Math.cos(a) : Math.sin(a) * x)));
}

/** How many close-but-filtered-out vectors a filter test inserts: above any ef_search floor. */
export const DECOYS = 250;
/** How many filtered-out vectors a filter test inserts beyond the matching ones. */
export const OUTERS = 50;
/** The angles, from axis 0, of the far-but-matching vectors of a filter test, nearest first. */
export const MATCH_DEGREES = [55, 60, 65] as const;

/** A deterministic pseudo-random direction orthogonal to axis 0 (seeded by `seed`). */
function direction(seed: number): Float32Array {
  let state = (seed + 1) * 0x9e3779b1;
  const rand = () => {
    state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5;
    return ((state >>> 0) % 10_000) / 10_000 - 0.5;
  };
  return Float32Array.from({ length: DIMENSIONS }, (_, k) => (k >= 1 ? rand() : 0));
}

/**
 * The `i`-th decoy: between 2 and 50 degrees from axis 0, nearer to it than any match. Decoys,
 * matches and outers fill one spherical cap around axis 0 in pseudo-random directions. The
 * continuity matters: an HNSW graph keeps few edges into a point far from all others, so an
 * isolated match could be unreachable from the entry point and no scan setting would find it.
 */
export function decoy(i: number): Float32Array {
  return toward(2 + (48 * i) / DECOYS, direction(i));
}

/** The `i`-th outer: a filtered-out vector between 70 and 88 degrees, beyond every match. */
export function outer(i: number): Float32Array {
  return toward(70 + (18 * i) / OUTERS, direction(DECOYS + i));
}

/** The matching vectors of a filter test, nearest to axis 0 first. */
export function matches(): Float32Array[] {
  return MATCH_DEGREES.map((deg, i) => toward(deg, direction(DECOYS + OUTERS + i)));
}

/** A job vector with defaults a test can override. */
export function job(overrides: Partial<JobVector> = {}): JobVector {
  return {
    id: newId("job"),
    partnerId: "ptr_01J0000000000000000000PTNR",
    status: "active",
    city: "Riyadh",
    employmentType: "full_time",
    vector: axis(0),
    ...overrides,
  };
}

/** A seeker vector with defaults a test can override. */
export function seeker(overrides: Partial<SeekerVector> = {}): SeekerVector {
  return {
    id: newId("seek"),
    city: "Riyadh",
    employmentTypes: ["full_time"],
    vector: axis(0),
    ...overrides,
  };
}

/** Runs `fn` over `items`, `width` at a time (writes one by one would make tests slow). */
export async function inBatches<T>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<unknown>,
  width = 16,
): Promise<void> {
  for (let i = 0; i < items.length; i += width) {
    await Promise.all(items.slice(i, i + width).map((item, k) => fn(item, i + k)));
  }
}
