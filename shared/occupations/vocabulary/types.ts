/**
 * The shape of the occupation and skill vocabulary: data the project owns, reviewed like
 * code, that maps how Saudi job ads and CVs name jobs and skills, in English and Arabic,
 * onto shared concepts.
 * @module
 */

/** The sectors the vocabulary is filed under (one file each). */
export type Sector =
  | "health"
  | "education"
  | "administration"
  | "it"
  | "engineering"
  | "trades"
  | "hospitality"
  | "retail"
  | "logistics"
  | "finance";

/**
 * Phrases in both languages, written as ads and CVs write them. Case, Arabic diacritics,
 * alef/hamza forms, ى/ي, ة/ه, the article ال and common suffixes are normalised away
 * before matching, so one spelling of each is enough; word order and words are not.
 */
export interface Terms {
  readonly en: readonly string[];
  readonly ar: readonly string[];
}

/** A specialty within an occupation (ICU nursing, backend development, pastry …). */
export interface Specialty extends Terms {
  /** snake_case, unique within its occupation, e.g. `icu`. */
  readonly id: string;
}

/**
 * An occupation: the work a person can be hired for at any seniority or specialty, a
 * career ladder rather than a rank (a commis chef and a chef de partie are both `chef`).
 * `en`/`ar` are its job titles; the first English one is its display name.
 */
export interface Occupation extends Terms {
  /** snake_case, unique across the vocabulary, e.g. `nurse`. */
  readonly id: string;
  /** ISCO-08 unit group(s) it corresponds to, e.g. `2221` or `3434/5120`. */
  readonly isco: string;
  readonly sector: Sector;
  readonly specialties?: readonly Specialty[];
  /**
   * Whether its specialties are different jobs rather than shades of one: a school's
   * English teacher cannot take its maths teacher's post, while any nurse can apply for
   * an ICU nurse's. Then two specialties do not match at all, and nor does a specialty
   * with none named.
   */
  readonly distinctSpecialties?: boolean;
}

/** A skill, tool or certification named the same way across occupations. */
export interface Skill extends Terms {
  /** snake_case, unique across the vocabulary, e.g. `bls`. */
  readonly id: string;
}

/** One sector's file. */
export interface SectorVocabulary {
  readonly sector: Sector;
  readonly occupations: readonly Occupation[];
  readonly skills: readonly Skill[];
}
