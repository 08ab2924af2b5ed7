/**
 * Synthetic Saudi job seekers for seeding environments and benchmarks: the same seed
 * gives the same seekers, ids included, so seeding twice overwrites instead of doubling
 * (the topic is compacted by seeker id).
 * @module
 */
import { EMPLOYMENT_TYPES, type EmploymentType } from "@hire/jobs";
import { SEEKER_CITIES } from "./city_weights.ts";
import type { Seeker } from "./contract.ts";
import type { Occupation } from "./occupation.ts";
import { OCCUPATIONS } from "./occupations.ts";
import { createRandom, type Random } from "./prng.ts";
import {
  GENERAL_SKILLS,
  type Language,
  type Persona,
  writeHeadline,
  writeSummary,
} from "./writing.ts";

/** A synthetic seeker with the facts it was drawn from: the ground truth of benchmarks. */
export interface LabelledSeeker {
  seeker: Seeker;
  /** Key of the occupation in {@link OCCUPATIONS}. */
  occupation: string;
  language: Language;
  /** Years of experience; 0 is a fresh graduate. */
  years: number;
}

/** Share of seekers who write their profile in Arabic. */
export const ARABIC_SHARE = 0.4;
const FEMALE_SHARE = 0.35;
const NO_SALARY_SHARE = 0.15;
const FRESH_GRADUATE_SHARE = 0.08;
const MAX_YEARS = 20;
// Profiles are dated in the year before this instant. It is fixed, not "now", so the
// output depends on the seed alone.
const EPOCH_MS = Date.UTC(2025, 0, 1);
const YEAR_MS = 365 * 86_400_000;

/** `count` seekers drawn from `seed`, each with its occupation, language and experience. */
export function generateLabelledSeekers(count: number, seed: number): LabelledSeeker[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  const stream = syntheticSeekers(seed);
  return Array.from({ length: count }, () => stream.next().value);
}

/**
 * An endless stream of the seekers {@link generateLabelledSeekers} returns, in the same
 * order: for seeding more seekers than fit in memory at once.
 */
export function* syntheticSeekers(seed: number): Generator<LabelledSeeker, never> {
  const rnd = createRandom(seed);
  while (true) yield drawSeeker(rnd);
}

/**
 * `count` realistic Saudi seekers, deterministic for `seed`: cities weighted by
 * population, occupations from {@link OCCUPATIONS}, about 40% written in Arabic. Every one
 * passes `seekerSchema`.
 */
export function generateSeekers(count: number, seed: number): Seeker[] {
  return generateLabelledSeekers(count, seed).map((l) => l.seeker);
}

function drawSeeker(rnd: Random): LabelledSeeker {
  const occupation = rnd.pick(OCCUPATIONS);
  const language: Language = rnd.chance(ARABIC_SHARE) ? "ar" : "en";
  const years = rnd.chance(FRESH_GRADUATE_SHARE)
    ? 0
    // Skewed towards the early years, as the job market is.
    : 1 + Math.floor(rnd.next() ** 1.7 * MAX_YEARS);
  const persona: Persona = {
    occupation,
    language,
    female: rnd.chance(FEMALE_SHARE),
    years,
    skills: [
      ...rnd.sample(occupation[language].skills, rnd.int(3, 6)),
      ...rnd.sample(GENERAL_SKILLS[language], rnd.int(0, 2)),
    ],
    city: rnd.weighted(SEEKER_CITIES, (c) => c.weight),
    employmentTypes: drawEmploymentTypes(occupation, years, rnd),
  };
  const at = EPOCH_MS - Math.floor(rnd.next() * YEAR_MS);
  const seeker: Seeker = {
    id: `seek_${ulid(at, rnd)}`,
    headline: writeHeadline(persona, rnd),
    summary: writeSummary(persona, rnd),
    skills: persona.skills,
    city: persona.city.city,
    employment_types: persona.employmentTypes,
    salary_expectation: rnd.chance(NO_SALARY_SHARE) ? null : drawSalary(occupation, years, rnd),
    updated_at: new Date(at).toISOString(),
  };
  return { seeker, occupation: occupation.key, language, years };
}

function drawEmploymentTypes(o: Occupation, years: number, rnd: Random): EmploymentType[] {
  // Internships are for students and fresh graduates.
  const open = o.employmentTypes.filter((t) => t !== "internship" || years <= 1);
  const candidates = open.length ? open : [...o.employmentTypes];
  const preferred: EmploymentType = years <= 1 && candidates.includes("internship")
    ? "internship"
    : "full_time";
  const first = candidates.includes(preferred) && rnd.chance(0.6)
    ? preferred
    : rnd.pick(candidates);
  const rest = candidates.filter((t) => t !== first);
  const chosen = rest.length && rnd.chance(0.35) ? [first, rnd.pick(rest)] : [first];
  return EMPLOYMENT_TYPES.filter((t) => chosen.includes(t));
}

/** Rises with experience across the occupation's range, with some spread; whole 250s. */
function drawSalary(o: Occupation, years: number, rnd: Random): number {
  const [min, max] = o.salary;
  const span = max - min;
  const level = Math.min(1, years / 15);
  const raw = min + span * (0.1 + 0.8 * level) + (rnd.next() - 0.5) * 0.2 * span;
  return Math.min(max, Math.max(min, Math.round(raw / 250) * 250));
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ULID from a timestamp and the seeded stream, so ids are deterministic too. */
function ulid(ms: number, rnd: Random): string {
  let time = "";
  for (let i = 0, t = ms; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  let random = "";
  for (let i = 0; i < 16; i++) random += CROCKFORD[rnd.int(0, 31)];
  return time + random;
}
