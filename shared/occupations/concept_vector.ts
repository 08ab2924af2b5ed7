/**
 * Joins what the vocabulary recognised with a text vector into one unit vector whose
 * cosine with another is the match score:
 *
 *   score = 0.65·occupation + 0.10·seniority + 0.10·skills + 0.15·text
 *
 * each term a closeness in [0, 1] (text: the provider's cosine). Occupation is 1 for the
 * same occupation and specialty, 0.95 when one side names no specialty, 0.9 for two
 * specialties, 0 for different occupations (and for two specialties that are different
 * jobs, such as teachers of two subjects); so the same occupation scores at least about
 * 0.63 and different occupations at most about 0.35 (docs/matching.md). A text whose
 * occupation the vocabulary does not know keeps its text vector alone: two such texts
 * score their text cosine, and one against a known occupation at most √0.15 of it.
 * @module
 */
import { hashFeature } from "@hire/text";
import type { Profile } from "./recognise.ts";
import type { SeniorityLevel } from "./seniority.ts";
import type { SectorVocabulary } from "./vocabulary/types.ts";

/** Shares of the score; they sum to 1. */
export interface BridgeWeights {
  occupation: number;
  seniority: number;
  skills: number;
  text: number;
}

/** The calibrated default (docs/matching.md says why each share is what it is). */
export const DEFAULT_BRIDGE_WEIGHTS: BridgeWeights = {
  occupation: 0.65,
  seniority: 0.1,
  skills: 0.1,
  text: 0.15,
};

/** Share of the occupation block a named specialty takes: two specialties score 1 − this. */
export const SPECIALTY_SHARE = 0.1;

/**
 * One slot per occupation, and per specialty of occupations whose specialties are
 * different jobs; the vocabulary must fit, with room to grow.
 */
export const OCCUPATION_SLOTS = 320;
/**
 * A specialty's place among its occupation's specialties. Shared by all occupations, to
 * keep vectors short: the k-th specialties of two different occupations add at most
 * 0.065 to a pair that differs in occupation (0.1 of the occupation share).
 */
export const SPECIALTY_SLOTS = 32;
/** Seniority as an angle on a quarter circle: adjacent levels 0.92, the ends 0.38. */
export const SENIORITY_DIMENSIONS = 2;
/** Skills (and the occupation itself, so the block is never empty) feature-hashed. */
export const SKILL_DIMENSIONS = 64;
/**
 * What the bridge adds to a text vector's length: 418, so a 1,536-dimensional API model
 * plus the bridge stays within the 2,000 dimensions pgvector's HNSW index takes.
 */
export const BRIDGE_DIMENSIONS = OCCUPATION_SLOTS + SPECIALTY_SLOTS + SENIORITY_DIMENSIONS +
  SKILL_DIMENSIONS;

const SPECIALTY_BASE = OCCUPATION_SLOTS;
const SENIORITY_BASE = SPECIALTY_BASE + SPECIALTY_SLOTS;
const SKILL_BASE = SENIORITY_BASE + SENIORITY_DIMENSIONS;

/**
 * The block of a bridged vector: the slot of its occupation, or -1 when the vocabulary read
 * none. A known occupation fills exactly one of the first {@link OCCUPATION_SLOTS}
 * components with at least √(wo·(1 − SPECIALTY_SHARE)) (a specialty that is not a job of its
 * own lies beyond them; the text vector after the whole bridge), the others are 0. The
 * largest of them is taken, and only from half that value on, so a vector moved a little
 * (a benchmark's copies of a profile) keeps its occupation's block.
 */
export function occupationBlock(
  vector: Float32Array,
  weights: BridgeWeights = DEFAULT_BRIDGE_WEIGHTS,
): number {
  let best = -1;
  let at = Math.sqrt(weights.occupation * (1 - SPECIALTY_SHARE)) / 2;
  for (let i = 0; i < OCCUPATION_SLOTS; i++) {
    if (vector[i]! >= at) [best, at] = [i, vector[i]!];
  }
  return best;
}

/**
 * The highest score two bridged vectors of different blocks can have (about 0.415 with the
 * default weights). Two known occupations share no occupation slot and at most one
 * specialty place (`wo` × {@link SPECIALTY_SHARE}); every other part is a unit vector scaled
 * by √w, so its product is at most w. A known occupation against none meets only in the
 * text, at most √wt.
 */
export function crossBlockMaxScore(weights: BridgeWeights = DEFAULT_BRIDGE_WEIGHTS): number {
  const { occupation: wo, seniority: ws, skills: wk, text: wt } = weights;
  return Math.max(wo * SPECIALTY_SHARE + ws + wk + wt, Math.sqrt(wt));
}

/** Turns profiles and text vectors into bridged vectors. */
export interface ConceptSpace {
  /** `BRIDGE_DIMENSIONS + text.length` long, unit length when `text` is. */
  vector(profile: Profile, text: Float32Array): Float32Array;
}

/**
 * Slot numbers: occupations by id, then the specialties that are jobs of their own by
 * `occupation/specialty`; and `occupation/specialty` → its place among the occupation's
 * specialties, for the rest.
 */
export function conceptSlots(sectors: readonly SectorVocabulary[]): Map<string, number> {
  const occupations = sectors.flatMap((s) => s.occupations);
  const keys = [
    ...occupations.map((o) => o.id).sort(),
    ...occupations.filter((o) => o.distinctSpecialties)
      .flatMap((o) => (o.specialties ?? []).map((s) => `${o.id}/${s.id}`)).sort(),
  ];
  if (keys.length > OCCUPATION_SLOTS) {
    throw new RangeError(
      `the vocabulary needs ${keys.length} slots; OCCUPATION_SLOTS is ${OCCUPATION_SLOTS}`,
    );
  }
  const slots = new Map(keys.map((k, i) => [k, i]));
  for (const o of occupations.filter((o) => !o.distinctSpecialties)) {
    const specialties = o.specialties ?? [];
    if (specialties.length > SPECIALTY_SLOTS) {
      throw new RangeError(
        `${o.id} has ${specialties.length} specialties; SPECIALTY_SLOTS is ${SPECIALTY_SLOTS}`,
      );
    }
    specialties.forEach((s, i) => slots.set(`${o.id}/${s.id}`, SPECIALTY_BASE + i));
  }
  return slots;
}

function seniorityBlock(level: SeniorityLevel): [number, number] {
  const angle = (level * Math.PI) / 8;
  return [Math.cos(angle), Math.sin(angle)];
}

function skillBlock(profile: Profile & { occupation: string }): Float32Array {
  const v = new Float32Array(SKILL_DIMENSIONS);
  // Unsigned: a signed hash lets two features cancel out, and a block that cancels to
  // zero has no direction. Collisions then add a little closeness instead (about 0.01).
  for (const feature of [`o:${profile.occupation}`, ...profile.skills.map((s) => `s:${s}`)]) {
    v[hashFeature(feature) % SKILL_DIMENSIONS]! += 1;
  }
  let sum = 0;
  for (const x of v) sum += x * x;
  const inv = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) v[i]! *= inv;
  return v;
}

/** A concept space over a vocabulary. */
export function createConceptSpace(
  sectors: readonly SectorVocabulary[],
  weights: BridgeWeights = DEFAULT_BRIDGE_WEIGHTS,
): ConceptSpace {
  const { occupation: wo, seniority: ws, skills: wk, text: wt } = weights;
  if ([wo, ws, wk, wt].some((w) => w < 0) || Math.abs(wo + ws + wk + wt - 1) > 1e-9) {
    throw new RangeError("bridge weights must be non-negative and sum to 1");
  }
  const slots = conceptSlots(sectors);
  const distinct = new Set(
    sectors.flatMap((s) => s.occupations).filter((o) => o.distinctSpecialties).map((o) => o.id),
  );
  return {
    vector(profile, text) {
      const out = new Float32Array(BRIDGE_DIMENSIONS + text.length);
      const known = profile.occupation === undefined ? undefined : slots.get(profile.occupation);
      if (known === undefined) {
        out.set(text, BRIDGE_DIMENSIONS);
        return out;
      }
      const specialty = profile.specialty === undefined
        ? undefined
        : slots.get(`${profile.occupation}/${profile.specialty}`);
      const a = Math.sqrt(wo);
      if (specialty === undefined) out[known] = a;
      else if (distinct.has(profile.occupation!)) out[specialty] = a;
      else {
        out[known] = a * Math.sqrt(1 - SPECIALTY_SHARE);
        out[specialty] = a * Math.sqrt(SPECIALTY_SHARE);
      }
      const [c, s] = seniorityBlock(profile.seniority);
      out[SENIORITY_BASE] = Math.sqrt(ws) * c;
      out[SENIORITY_BASE + 1] = Math.sqrt(ws) * s;
      const skills = skillBlock({ ...profile, occupation: profile.occupation! });
      const k = Math.sqrt(wk);
      for (let i = 0; i < SKILL_DIMENSIONS; i++) {
        out[SKILL_BASE + i] = k * skills[i]!;
      }
      const t = Math.sqrt(wt);
      for (let i = 0; i < text.length; i++) out[BRIDGE_DIMENSIONS + i] = t * text[i]!;
      return out;
    },
  };
}
