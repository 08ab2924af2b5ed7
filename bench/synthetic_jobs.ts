/**
 * Synthetic job ads for the occupations of the synthetic seekers, in English or Arabic:
 * the other side of the match in benchmarks and calibration, with the occupation as the
 * relevance label.
 * @module
 */
import { type Language, type Occupation, OCCUPATIONS, type Random } from "@hire/seekers";

/** A create body and what it is about. */
export interface LabelledJob {
  body: {
    title: string;
    description: string;
    city: string;
    employment_type: Occupation["employmentTypes"][number];
    salary_min: number;
    salary_max: number;
  };
  occupation: string;
  language: Language;
}

/** A job ad for `occupation` in `city`, worded in `language`. */
export function syntheticJob(
  occupation: Occupation,
  language: Language,
  city: string,
  rnd: Random,
): LabelledJob {
  const [min, max] = occupation.salary;
  const text = language === "ar" ? occupation.ar : occupation.en;
  const duties = rnd.sample(text.duties, Math.min(2, text.duties.length));
  const skills = rnd.sample(text.skills, Math.min(3, text.skills.length));
  const description = language === "ar"
    ? `نبحث عن ${text.title} للانضمام إلى فريقنا في ${city}. ` +
      `تشمل المهام ${duties.join(" و")}. المتطلبات: ${skills.join("، ")}.`
    : `We are hiring a ${text.title} to join our team in ${city}. ` +
      `You will ${duties.join(" and ")}. Requirements: ${skills.join(", ")}.`;
  return {
    body: {
      title: text.title,
      description,
      city,
      employment_type: occupation.employmentTypes[0]!,
      salary_min: min,
      salary_max: max,
    },
    occupation: occupation.key,
    language,
  };
}

/** `count` jobs of random occupations and languages (40% Arabic, as seekers) in `cities`. */
export function syntheticJobs(
  count: number,
  cities: readonly string[],
  rnd: Random,
): LabelledJob[] {
  return Array.from({ length: count }, () =>
    syntheticJob(
      rnd.pick(OCCUPATIONS),
      rnd.next() < 0.4 ? "ar" : "en",
      rnd.pick(cities),
      rnd,
    ));
}
