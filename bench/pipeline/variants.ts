/**
 * The seeding shortcut's pure part: 100,000 seekers built from a few thousand profiles the
 * real model embedded. Seeker `i` is distinct profile `i mod distinct`; copy 0 is that
 * profile as generated, every later copy is another person with the same headline, skills
 * and summary in another city, with other employment types and salary, whose vector is the
 * profile's own moved by a small random step (cosine to it about {@link COPY_COSINE}).
 * Exact duplicates would be unrealistic for the HNSW graph (their neighbour lists would be
 * full of their twins); the step stands for the wording that differs between such people.
 * @module
 */
import type { EmploymentType } from "@hire/jobs";
import type { Seeker } from "@hire/seekers";
import { createRandom, type Random, type WeightedCity } from "@hire/fixtures";

/** Bump when the rule below changes: a seeded database of another rule is seeded again. */
export const VARIANT_RULE = 1;

/** Expected cosine similarity of a copy's vector to its profile's. */
export const COPY_COSINE = 0.98;

/** Employment types a copy may accept; full-time is the most common, as in the fixtures. */
const TYPE_SETS: readonly EmploymentType[][] = [
  ["full_time"],
  ["full_time"],
  ["full_time", "part_time"],
  ["full_time", "contract"],
  ["part_time"],
  ["contract"],
];

/** A standard normal draw (Box–Muller). */
function gaussian(rnd: Random): number {
  const u = Math.max(rnd.next(), Number.MIN_VALUE);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.next());
}

/**
 * `v` (unit length) moved by a random step and made unit length again; the step's length is
 * chosen so the cosine to `v` is about `cosine`.
 */
export function perturb(v: Float32Array, rnd: Random, cosine = COPY_COSINE): Float32Array {
  // A step of length s orthogonal-ish to v gives cos = 1 / sqrt(1 + s²).
  const step = Math.sqrt(1 / (cosine * cosine) - 1) / Math.sqrt(v.length);
  const out = new Float32Array(v.length);
  let norm = 0;
  for (let i = 0; i < v.length; i++) {
    out[i] = v[i]! + step * gaussian(rnd);
    norm += out[i]! * out[i]!;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < v.length; i++) out[i] = out[i]! * scale;
  return out;
}

/** A city drawn by weight, as the fixtures draw seekers' cities. */
function weightedCity(cities: readonly WeightedCity[], rnd: Random): string {
  const total = cities.reduce((n, c) => n + c.weight, 0);
  let at = rnd.next() * total;
  for (const c of cities) {
    at -= c.weight;
    if (at < 0) return c.city;
  }
  return cities.at(-1)!.city;
}

/** The id of seeker `i` of a seed: deterministic, so a kept database is recognised. */
export const variantId = (i: number): string => `seek_bench${String(i).padStart(7, "0")}`;

/**
 * Seeker `i` and its vector, from the distinct profiles and their vectors. Each seeker draws
 * from a stream of its own, so any one can be rebuilt alone and in any order.
 */
export function variantSeeker(
  profiles: readonly Seeker[],
  vectors: readonly Float32Array[],
  i: number,
  cities: readonly WeightedCity[],
): { seeker: Seeker; vector: Float32Array } {
  const rnd = createRandom(0x5eed0000 + i);
  const k = i % profiles.length;
  const base = profiles[k]!;
  const id = variantId(i);
  if (i < profiles.length) return { seeker: { ...base, id }, vector: vectors[k]! };
  const salary = base.salary_expectation === null
    ? null
    : Math.round(base.salary_expectation * (0.85 + 0.3 * rnd.next()) / 100) * 100;
  return {
    seeker: {
      ...base,
      id,
      city: weightedCity(cities, rnd),
      employment_types: [...TYPE_SETS[Math.floor(rnd.next() * TYPE_SETS.length)]!],
      salary_expectation: salary,
    },
    vector: perturb(vectors[k]!, rnd),
  };
}
