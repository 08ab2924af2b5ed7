/** Job rows written for tests, as the job service writes a new one. */
import { newId } from "@hire/ids";
import { type JobFields, type JobRow, newJobRow } from "@hire/jobs";

/** A new job of `partnerId`; override its id, its instant or any of its fields. */
export function jobRow(opts: {
  partnerId: string;
  jobId?: string;
  at?: Date;
  fields?: Partial<Omit<JobFields, "status">>;
}): JobRow {
  return newJobRow({
    jobId: opts.jobId ?? newId("job"),
    partnerId: opts.partnerId,
    at: opts.at ?? new Date(),
    fields: {
      title: "Nurse",
      description: "Night shifts.",
      city: "Riyadh",
      employment_type: "part_time",
      salary_min: null,
      salary_max: null,
      currency: "SAR",
      ...opts.fields,
    },
  });
}
