/**
 * `jobs.commands` (internal): what the edge asks the job service to do.
 * @module
 */
import { jobCommandSchema } from "@hire/jobs";
import { declareTopic } from "../declaration.ts";
import { GROUPS } from "../groups.ts";
import { PARTITIONS, retention } from "../kafka_config.ts";
import { JOB_ID } from "../keys.ts";
import { text } from "../prose.ts";
import { variant } from "../variant.ts";

const ids = {
  job_id: "job_01JN8GN2E05RDH62XGBGSGBYW9",
  partner_id: "ptr_01JN5Q1ZK4V7W2D8X3Y6M9B0CE",
};

/** The declaration of `jobs.commands`. */
export const JOB_COMMANDS = declareTopic({
  channel: "jobCommands",
  name: "jobs.commands",
  env: "TOPIC_JOBS_COMMANDS",
  visibility: "internal",
  partitions: PARTITIONS,
  config: () => retention(7),
  title: "Job commands (internal)",
  summary: "Internal: what the edge asks the job service to do. Not a contract for the data team.",
  description: text`
    **Internal.** Not a contract for the data team: read \`jobs.events.v1\` instead. This
    topic may change shape at any time without a new name.

    The edge publishes one command per accepted write (create, update, delete) and waits
    until the job service has settled it. The job service applies the commands of one job
    in order (they share the key, so the partition) and records each \`command_id\` in
    Postgres (\`command_results\`) in the same transaction as its effect, so a redelivered
    command changes nothing. A command still unapplied after its \`deadline\` is settled as
    \`expired\` and never takes effect: by then the edge has answered 503.`,
  value: jobCommandSchema,
  fields: {
    command_id: "`cmd_<ulid>`; recorded with the command's effect so a redelivery is a no-op.",
    job_id: "The job, `job_<ulid>`; the message key.",
    partner_id: "The partner that sent the request, `ptr_<ulid>`.",
    issued_at: "When the edge accepted the request; a create uses it as the job's created_at.",
    deadline: text`
      \`issued_at\` plus the edge's \`COMMAND_TIMEOUT_MS\`. After it the edge has answered 503
      and the command must not take effect: the job service settles it as \`expired\`.`,
  },
  messages: [
    {
      id: "JobCreateCommand",
      name: "job.create",
      title: "job.create (internal)",
      schema: variant(jobCommandSchema, "job.create"),
      key: { schema: JOB_ID, field: "job_id" },
      summary: "Create a job with the given fields.",
      fields: { job: "The partner's fields, validated by the edge." },
      examples: [{
        name: "create",
        payload: {
          type: "job.create",
          command_id: "cmd_01JN8GN2E036A8KE5JBKRR7SWJ",
          ...ids,
          issued_at: "2025-03-01T09:30:00.000Z",
          deadline: "2025-03-01T09:30:05.000Z",
          job: {
            title: "Backend Engineer",
            description: "Build and run our hiring API in Riyadh.",
            city: "Riyadh",
            employment_type: "full_time",
            salary_min: 15000,
            salary_max: 25000,
            currency: "SAR",
          },
        },
      }],
    },
    {
      id: "JobUpdateCommand",
      name: "job.update",
      title: "job.update (internal)",
      schema: variant(jobCommandSchema, "job.update"),
      key: { schema: JOB_ID, field: "job_id" },
      summary: "Change some fields of a job.",
      fields: {
        changes: text`
          The fields to change, all optional. Cross-field rules (salary range, salary required
          for full_time and contract) are checked by the job service on the merged job; a
          violation settles the command as \`rejected\`.`,
      },
      examples: [{
        name: "update",
        payload: {
          type: "job.update",
          command_id: "cmd_01JNBJSMFGHEMK5Z992C0GN3Y3",
          ...ids,
          issued_at: "2025-03-02T14:05:10.000Z",
          deadline: "2025-03-02T14:05:15.000Z",
          changes: { title: "Senior Backend Engineer", salary_max: 30000 },
        },
      }],
    },
    {
      id: "JobDeleteCommand",
      name: "job.delete",
      title: "job.delete (internal)",
      schema: variant(jobCommandSchema, "job.delete"),
      key: { schema: JOB_ID, field: "job_id" },
      summary: "Soft-delete a job.",
      examples: [{
        name: "delete",
        payload: {
          type: "job.delete",
          command_id: "cmd_01JNZH2R00WMMFYN9C36FK4R0J",
          ...ids,
          issued_at: "2025-03-10T08:00:00.000Z",
          deadline: "2025-03-10T08:00:05.000Z",
        },
      }],
    },
  ],
  producers: [{
    service: "edge",
    writes: ["job.create", "job.update", "job.delete"],
    title: "Send a job command (edge, internal)",
    summary: "The edge turns each accepted write into a command.",
  }],
  consumers: [{
    group: GROUPS.job,
    title: "Apply a job command (job service, internal)",
    summary: "The job service consumes commands and applies them to Postgres.",
  }],
});
