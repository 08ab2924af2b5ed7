/**
 * `jobs.changed` (internal): the job service tells the embedding service a job changed.
 * @module
 */
import { jobChangedSchema } from "@hire/pipeline";
import { declareTopic } from "../declaration.ts";
import { GROUPS } from "../groups.ts";
import { PARTITIONS, retention } from "../kafka_config.ts";
import { JOB_ID } from "../keys.ts";
import { text } from "../prose.ts";

const created = {
  id: "evt_01JN8GN2E8Q3YB7C5V0W4M2K9D",
  type: "job.changed",
  job_id: "job_01JN8GN2E05RDH62XGBGSGBYW9",
  partner_id: "ptr_01JN5Q1ZK4V7W2D8X3Y6M9B0CE",
  content_version: 1,
  reasons: ["created"],
  at: "2025-03-01T09:30:00.120Z",
};

/** The declaration of `jobs.changed`. */
export const JOBS_CHANGED = declareTopic({
  channel: "jobsChanged",
  name: "jobs.changed",
  env: "TOPIC_JOBS_CHANGED",
  visibility: "internal",
  partitions: PARTITIONS,
  // Short retention: the messages only trigger work.
  config: () => retention(7),
  title: "Job changes (internal)",
  summary: "Internal: the job service tells the embedding service a job changed. Not a contract.",
  description: text`
    **Internal.** Not a contract for the data team; may change at any time.

    The job service writes one \`job.changed\` message (through its outbox, in the
    transaction of the change) for each applied command that matters to the match graph: a
    create, a change of title or description (the job's \`content_version\` goes up), of
    status, of city or employment type, and a delete. A change of salary or currency alone
    sends nothing. The message only names the change: the embedding service reads the job
    from Postgres each time, so a late or redelivered message repeats work at most, never
    applies stale data.`,
  value: jobChangedSchema,
  messages: [{
    id: "JobChanged",
    name: "job.changed",
    title: "job.changed (internal)",
    schema: jobChangedSchema,
    key: { schema: JOB_ID, field: "job_id" },
    summary: "A job changed in a way the match graph cares about.",
    description: text`
      What the embedding service does with it, reading the job from Postgres: a deleted job
      is removed from the vector index; a job whose \`content_version\` is newer than its
      vector (and that is not waiting for a scheduled retry or given up on) is embedded;
      otherwise the vector's payload (status, city, employment type) is brought up to date.`,
    fields: {
      id: "`evt_<ulid>`, the outbox row's id; the same in every copy.",
      content_version: text`
        The job's content version after the change (1 on creation, +1 per title or
        description change); the embedding targets this version or a newer one.`,
      reasons: "Every reason this change carries, e.g. `[content, status]` for one update.",
      "reasons[]": text`
        Why the match graph must look at the job again: \`created\` (a new job), \`content\`
        (title or description changed; \`content_version\` went up), \`status\`, \`payload\`
        (city or employment type changed), \`deleted\`.`,
      at: "When the job service applied the change, UTC (`Z`).",
    },
    examples: [
      { name: "created", payload: created },
      {
        name: "titleChanged",
        payload: {
          ...created,
          id: "evt_01JNBJSMQBT6W1X9H3F8D2R5NZ",
          content_version: 2,
          reasons: ["content"],
          at: "2025-03-02T14:05:10.250Z",
        },
      },
    ],
  }],
  producers: [{
    service: "job",
    writes: ["job.changed"],
    title: "Announce a job change (job service, internal)",
    summary:
      "The job service writes a job-changed message with each change the match graph cares about.",
  }],
  consumers: [{
    group: GROUPS.embedding,
    title: "Embed or update a job (embedding service, internal)",
    summary:
      "The embedding service embeds new job text, keeps the index payload current, removes deleted jobs.",
  }],
});
