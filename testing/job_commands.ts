/** Job commands for tests, as the edge sends them: a create, a rename or a delete. */
import { newId } from "@hire/ids";
import type { JobCommand } from "@hire/jobs";

/** A command of `partnerId` for job `jobId`, issued now, due in a minute. */
export function jobCommand(
  partnerId: string,
  jobId: string,
  body:
    | { type: "job.create"; salary?: number }
    | { type: "job.update"; title: string }
    | { type: "job.delete" },
): JobCommand {
  const now = new Date();
  const base = {
    command_id: newId("cmd"),
    job_id: jobId,
    partner_id: partnerId,
    issued_at: now.toISOString(),
    deadline: new Date(now.getTime() + 60_000).toISOString(),
  };
  if (body.type === "job.delete") return { ...base, type: "job.delete" };
  return body.type === "job.create"
    ? {
      ...base,
      type: "job.create",
      job: {
        title: "Worker check",
        description: "x",
        city: "Riyadh",
        employment_type: "full_time",
        salary_min: body.salary ?? 5000,
        salary_max: null,
        currency: "SAR",
      },
    }
    : { ...base, type: "job.update", changes: { title: body.title } };
}
