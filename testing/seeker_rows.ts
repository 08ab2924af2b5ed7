/** Seeker profiles stored for tests, as the embedding service stores one received. */
import { newId } from "@hire/ids";
import type { SeekerProfile } from "@hire/tables";

/** A profile with a fresh id; override any of its fields. */
export function seekerProfile(over: Partial<SeekerProfile> = {}): SeekerProfile {
  return {
    id: newId("seek"),
    headline: "Nurse",
    summary: "Night shifts",
    skills: ["triage"],
    city: "Riyadh",
    employment_types: ["part_time"],
    salary_expectation: null,
    updated_at: new Date(),
    content_hash: "h",
    ...over,
  };
}
