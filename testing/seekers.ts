/** Seeker profiles written for tests. */
import { newId } from "@hire/ids";
import type { EmploymentType } from "@hire/jobs";
import type { Seeker } from "@hire/seekers";

/** A profile; override any field. */
export function seeker(over: Partial<Seeker> & Pick<Seeker, "headline" | "summary">): Seeker {
  return {
    id: newId("seek"),
    skills: [],
    city: "Riyadh",
    employment_types: ["full_time"] as EmploymentType[],
    salary_expectation: null,
    updated_at: new Date().toISOString(),
    ...over,
  };
}
