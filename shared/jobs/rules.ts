/**
 * Rules that span several fields of a job. They are checked on the whole job after a
 * create or a partial update is merged, so a PATCH that changes only one salary bound is
 * held to the same rules as a create.
 * @module
 */
import { type FieldError, fieldError } from "@hire/errors";
import { type JobFields, SALARY_REQUIRED_FOR } from "./job.ts";

/** Problems with a job's cross-field rules; empty when the job is valid. */
export function crossFieldErrors(
  job: Pick<JobFields, "employment_type" | "salary_min" | "salary_max">,
): FieldError[] {
  const errors: FieldError[] = [];
  if (job.salary_min === null && SALARY_REQUIRED_FOR.includes(job.employment_type)) {
    errors.push(fieldError("/salary_min", "salary_required", { other: job.employment_type }));
  }
  if (job.salary_min !== null && job.salary_max !== null && job.salary_max < job.salary_min) {
    errors.push(fieldError("/salary_max", "salary_range"));
  }
  return errors;
}
