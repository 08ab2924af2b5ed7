/**
 * The shape of an occupation in the synthetic catalogue: what a seeker of it writes about
 * themselves, in English and in Arabic, and what they ask for.
 * @module
 */
import type { EmploymentType } from "@hire/jobs";

/** How an occupation is written in one language. */
export interface OccupationText {
  /** Job title as a job ad or a CV headline writes it, e.g. "Registered Nurse". */
  title: string;
  /** The field of work, e.g. "nursing" / "التمريض". */
  field: string;
  /** Skills a CV lists, most characteristic first. */
  skills: readonly string[];
  /**
   * Typical duties. English: verb phrases that follow "I" ("provide bedside care …").
   * Arabic: verbal-noun phrases that follow "خبرة في" ("تقديم الرعاية …").
   */
  duties: readonly string[];
}

/** One occupation common in Saudi hiring. */
export interface Occupation {
  /** Stable identifier, e.g. `registered_nurse`; benchmarks use it as the relevance label. */
  key: string;
  en: OccupationText;
  /** `title` is the masculine form job ads use; `titleF` the feminine form of a CV. */
  ar: OccupationText & { titleF: string };
  /** Employment types seekers of this occupation look for. */
  employmentTypes: readonly EmploymentType[];
  /** Plausible monthly salary in SAR, from a junior's to a senior's. */
  salary: readonly [min: number, max: number];
}
