/**
 * `jobs.events.v1`: the public events of the job lifecycle, for the webhook delivery service
 * and the data team. Three services write it: `job.created` comes from the embedding service.
 * @module
 */
import { type EventType, type JobEvent, jobEventSchema, LIMITS, publicJobSchema } from "@hire/jobs";
import { declareTopic, type NamedSchema } from "../declaration.ts";
import { GROUPS } from "../groups.ts";
import { PARTITIONS, retention } from "../kafka_config.ts";
import { JOB_ID } from "../keys.ts";
import { text } from "../prose.ts";
import { variant } from "../variant.ts";

const PARTNER = "ptr_01JN5Q1ZK4V7W2D8X3Y6M9B0CE";
const JOB = "job_01JN8GN2E05RDH62XGBGSGBYW9";
const JOB_URL = `https://jobs.example.sa/jobs/${JOB}`;

/** The job of the public API, inside `job.created` and `job.updated`. */
const PUBLIC_JOB: NamedSchema = {
  id: "PublicJob",
  schema: publicJobSchema,
  fields: {
    "": "The job as partners see it in the API, with its fields in the spec's order.",
    title: `${LIMITS.titleMin} to ${LIMITS.titleMax} characters.`,
    description: `1 to ${LIMITS.descriptionMax.toLocaleString("en")} characters of Markdown.`,
    city: "A Saudi city, by its canonical English name.",
    salary_min: "Monthly salary floor in SAR; never null for full_time and contract.",
    salary_max: "Monthly salary ceiling in SAR; at least salary_min when both are set.",
    status: "Set by the partner; `active` on creation.",
    embedding_status: text`
      State of the asynchronous embedding pipeline; owned by the service. \`processing\` while
      the job's current title and description are being embedded (retries included), \`ready\`
      once they are, \`failed\` when the embedding provider refused the text or every attempt
      failed (a later title or description change tries again).`,
    match_ready: text`
      true while the job is in the match graph: it is \`active\` and has a vector. It stays true
      while a new title or description is embedded (the previous vector keeps serving).`,
    service_url: "Public canonical URL of the job on the public site (`SITE_BASE_URL/jobs/<id>`).",
    created_at: "When the partner created the job; ISO 8601, UTC.",
    updated_at: text`
      Time of the partner's last change of the job (of any field); ISO 8601, UTC. The
      pipeline's changes of \`embedding_status\` and \`match_ready\` do not move it.`,
  },
};

const job = (over: Record<string, unknown> = {}) => ({
  id: JOB,
  title: "Backend Engineer",
  description: "Build and run our hiring API in Riyadh.",
  city: "Riyadh",
  employment_type: "full_time",
  salary_min: 15000,
  salary_max: 25000,
  currency: "SAR",
  status: "active",
  embedding_status: "ready",
  match_ready: true,
  service_url: JOB_URL,
  created_at: "2025-03-01T09:30:00.000Z",
  updated_at: "2025-03-01T09:30:00.000Z",
  ...over,
});

/** The declaration of `jobs.events.v1`. */
export const JOB_EVENTS = declareTopic({
  channel: "jobEvents",
  name: "jobs.events.v1",
  env: "TOPIC_JOBS_EVENTS",
  visibility: "public",
  partitions: PARTITIONS,
  config: () => retention(30),
  title: "Job events (public)",
  summary: "What happened to jobs, one event per change, keyed by job id.",
  description: text`
    Public events of the job lifecycle: the spec's event envelope \`{id, type, created_at,
    data}\` plus \`partner_id\`. The webhook delivery service removes \`partner_id\` before it
    POSTs an event to a partner's webhook.

    Creating a job publishes nothing at once: \`job.created\` follows when the job has been
    embedded (seconds later). A job's first event is usually \`job.created\`, but a
    \`job.updated\` or \`job.deleted\` may come first (the partner changed or deleted the job
    while it was still \`processing\`), and a job whose embedding fails gets its \`job.created\`
    only once a later title or description embeds (or never, if it is deleted first).

    Each service writes its events to the shared \`outbox\` table in the transaction of the
    change; the outbox is published in the order it was committed, one flusher at a time (a
    Postgres advisory lock), after each applied batch and every \`OUTBOX_INTERVAL_MS\` (default
    1 s) for anything a crash left behind.`,
  value: jobEventSchema,
  fields: {
    id: text`
      Event id, \`evt_<ulid>\`. Unique per event and the same in every copy of it (a
      redelivery, a webhook retry): deduplicate by it.`,
    created_at: text`
      When the event happened, UTC: for job.updated and job.deleted when the job service
      applied the change, for job.created when the embedding service marked the job ready, for
      job.matched when the matching service recorded the pair.`,
    partner_id: text`
      Id of the partner that owns the job, \`ptr_<ulid>\`. Not part of the spec's envelope: the
      delivery service removes it before a webhook POST.`,
  },
  shared: [PUBLIC_JOB],
  messages: [
    {
      id: "JobCreated",
      name: "job.created",
      schema: variant(jobEventSchema, "job.created"),
      key: { schema: JOB_ID, field: "data.job.id" },
      summary: "The job's first embedding finished: the job is in the match graph. Once per job.",
      description: text`
        Emitted by the embedding service the first time the job is embedded and marked
        \`embedding_status: ready\`, in the same transaction, and never again for that job (a
        later re-embedding after a title or description change emits nothing here; the
        partner's change was already announced as \`job.updated\`). It is not sent when the
        partner creates the job: that happens a few seconds earlier.

        \`data.job\` is the job at that moment: \`embedding_status: ready\` and \`match_ready:
        true\`. The one exception: a job the partner paused or closed before its first
        embedding finished carries its \`status\` and \`match_ready: false\` (it joins the match
        graph when it is set \`active\` again). \`data.job.updated_at\` is the time of the
        partner's last change, not of the embedding; \`created_at\` of the event is the
        embedding time.`,
      examples: [{
        name: "jobCreated",
        summary: "A full-time job in Riyadh became match-ready.",
        payload: {
          id: "evt_01JN8GP0PRMG557GYJKX5APTPQ",
          type: "job.created",
          created_at: "2025-03-01T09:30:31.000Z",
          partner_id: PARTNER,
          data: { job: job() },
        },
      }],
    },
    {
      id: "JobUpdated",
      name: "job.updated",
      schema: variant(jobEventSchema, "job.updated"),
      key: { schema: JOB_ID, field: "data.job.id" },
      summary: "An update changed the job's title, description or status.",
      description: text`
        Emitted by the job service when an update changed at least one of \`title\`,
        \`description\` or \`status\` (services/job/decide.ts). An update that changes only other
        fields (\`city\`, \`employment_type\`, \`salary_min\`, \`salary_max\`) changes the job but
        emits **no** event; those changes show up in the next \`job.updated\` of the job, in its
        \`job\` object. An update that changes nothing emits nothing.

        * \`data.job\` is the whole job **after** the update. A new title or description puts
          the job back to \`embedding_status: processing\` while it is embedded again;
          \`match_ready\` stays as it was (the previous vector keeps serving). A status change
          sets \`match_ready\` to whether the job is now \`active\` and has a vector.
        * \`data.changed_fields\` lists **every** field this update changed, including those
          that alone would not emit an event (a salary, say), in the order \`title\`,
          \`description\`, \`city\`, \`employment_type\`, \`salary_min\`, \`salary_max\`, \`currency\`,
          \`status\`.
        * \`data.previous_attributes\` holds, for each field of \`changed_fields\` and no other,
          its value before the update.

        The re-embedding that follows a new title or description emits no event of its own:
        the job's \`embedding_status\` is \`ready\` again in the API, and in the \`job\` of the
        next event.`,
      fields: {
        "data.changed_fields": text`
          Every field this update changed, including those that alone would not emit
          \`job.updated\` (e.g. \`salary_max\`). Possible values, in this order: title,
          description, city, employment_type, salary_min, salary_max, currency, status.`,
        "data.previous_attributes": text`
          The value before this update of each field in \`changed_fields\` (and of no other
          field): a string, an integer or null, as in the job object.`,
      },
      examples: [
        {
          name: "titleAndSalaryChanged",
          summary:
            "The title changed (eventful) together with salary_max (listed too); the job is re-embedded.",
          payload: {
            id: "evt_01JNBJSMQAKAVXWVTEBYY1V5QW",
            type: "job.updated",
            created_at: "2025-03-02T14:05:10.250Z",
            partner_id: PARTNER,
            data: {
              job: job({
                title: "Senior Backend Engineer",
                salary_max: 30000,
                embedding_status: "processing",
                updated_at: "2025-03-02T14:05:10.250Z",
              }),
              changed_fields: ["title", "salary_max"],
              previous_attributes: { title: "Backend Engineer", salary_max: 25000 },
            },
          },
        },
        {
          name: "paused",
          summary: "The partner paused the job; it leaves the match graph.",
          payload: {
            id: "evt_01JNDDK5Z005AN73VX6Y17369F",
            type: "job.updated",
            created_at: "2025-03-03T07:12:44.512Z",
            partner_id: PARTNER,
            data: {
              job: job({
                title: "Senior Backend Engineer",
                salary_max: 30000,
                status: "paused",
                match_ready: false,
                updated_at: "2025-03-03T07:12:44.512Z",
              }),
              changed_fields: ["status"],
              previous_attributes: { status: "active" },
            },
          },
        },
      ],
    },
    {
      id: "JobDeleted",
      name: "job.deleted",
      schema: variant(jobEventSchema, "job.deleted"),
      key: { schema: JOB_ID, field: "data.job_id" },
      summary: "The job was soft-deleted.",
      description: text`
        Emitted by the job service when the partner deletes a job. The job disappears from the
        API and from the match graph at once; its row is kept 30 days and then purged (the
        purge emits nothing). It is the job's last event: no \`job.matched\` follows it.`,
      fields: {
        "data.service_url": "The job's public URL, which no longer shows it.",
        "data.deleted_at": "When the job was soft-deleted, UTC; equal to the event's created_at.",
      },
      examples: [{
        name: "jobDeleted",
        summary: "The partner deleted the job.",
        payload: {
          id: "evt_01JNZH2R5M71W73FC4D8K3NWX6",
          type: "job.deleted",
          created_at: "2025-03-10T08:00:00.180Z",
          partner_id: PARTNER,
          data: { job_id: JOB, service_url: JOB_URL, deleted_at: "2025-03-10T08:00:00.180Z" },
        },
      }],
    },
    {
      id: "JobMatched",
      name: "job.matched",
      schema: variant(jobEventSchema, "job.matched"),
      key: { schema: JOB_ID, field: "data.job_id" },
      summary: "A high-confidence seeker match was found for the job. Once per (job, seeker) pair.",
      description: text`
        Emitted by the matching service for each new high-confidence pair of this job and a
        seeker, **once per pair, ever**: the pair is recorded in Postgres (table \`matches\`,
        primary key \`(job_id, seeker_id)\`, \`event_id\` = this event's \`id\`) in the same
        transaction as the event, so a redelivery or a later re-match never repeats it. A pair
        is never withdrawn and its score never updated.

        When: after a job is embedded (created, or a new title or description), its nearest
        seekers are looked at; after a seeker's profile is embedded (or its city or employment
        types change), its nearest active jobs are. Up to \`MATCH_LIMIT\` (default 50)
        candidates per search. A pair is announced when all hold:

        * **Same city** (canonical city names) and the job's \`employment_type\` is among the
          seeker's \`employment_types\` (hard filters, applied inside the vector search).
        * The job is **\`active\`** and not deleted, re-checked in the recording transaction
          (which locks the job row \`FOR SHARE\`): no \`job.matched\` follows a \`job.deleted\`, or a
          \`job.updated\` to \`paused\`/\`closed\`, of the same job.
        * **\`score\` ≥ \`MATCH_THRESHOLD\`** (default 0.6), where \`score\` is the cosine
          similarity of the job's and the seeker's vectors, in [0, 1]: 0.65 × occupation +
          0.10 × seniority + 0.10 × skills + 0.15 × text, so the same occupation scores at
          least about 0.63 and different occupations at most about 0.35 (docs/matching.md).

        Scores depend on the embedding provider (\`EMBEDDING_PROVIDER\`): compare scores made
        by one provider only.`,
      fields: {
        "data.seeker_id":
          "The matched seeker, `seek_<ulid>` (the key of its profile on `seekers.v1`).",
        "data.score": text`
          Cosine similarity of the job's and the seeker's vectors, in [0, 1]; at least
          \`MATCH_THRESHOLD\` (default 0.6). 0.90 and above: same occupation, specialty and
          seniority; 0.6–0.75: same occupation, little else in common. The same value as
          \`matches.score\`.`,
        "data.service_url": "The job's public URL.",
      },
      examples: [{
        name: "jobMatched",
        summary: "A seeker matched the job with a score of 0.71.",
        payload: {
          id: "evt_01JN8GPYZGFA74YDAEC1PC7EC6",
          type: "job.matched",
          created_at: "2025-03-01T09:31:02.000Z",
          partner_id: PARTNER,
          data: {
            job_id: JOB,
            seeker_id: "seek_01JKTE2SG0WSXS0X3A3DF26MHK",
            score: 0.71,
            service_url: JOB_URL,
          },
        },
      }],
    },
  ],
  producers: [
    {
      service: "job",
      writes: ["job.updated", "job.deleted"],
      title: "Publish job.updated and job.deleted (job service)",
      summary: "The job service announces the partner's changes, in the transaction of each.",
    },
    {
      service: "embedding",
      writes: ["job.created"],
      title: "Publish job.created (embedding service)",
      summary: "The embedding service announces a job once its first embedding is in the index.",
    },
    {
      service: "matching",
      writes: ["job.matched"],
      title: "Publish job.matched (matching service)",
      summary: "The matching service announces each new high-confidence (job, seeker) pair.",
    },
  ],
  consumers: [{
    group: GROUPS.delivery,
    title: "Deliver events to webhooks (delivery service)",
    summary: text`
      The delivery service fans each event out to the partner's active webhooks that subscribe
      to its type, and signs and POSTs it without \`partner_id\`.`,
  }],
  outside: [{
    who: "the data team",
    does: "reads",
    note: "with a consumer group of its own; see docs/data-team.md",
  }],
});

/**
 * The first example of each event type, as the AsyncAPI and OpenAPI documents show it: the
 * one source of example events (a webhook's test event sends it too).
 */
export function exampleJobEvent(type: EventType): JobEvent {
  const message = JOB_EVENTS.messages.find((m) => m.name === type);
  if (!message?.examples[0]) throw new Error(`no example of ${type} in ${JOB_EVENTS.name}`);
  return jobEventSchema.parse(message.examples[0].payload);
}
