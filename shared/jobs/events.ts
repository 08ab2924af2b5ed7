/**
 * Contract of the public topic `jobs.events.v1`, read by the delivery service and the
 * data team. Key: the job id, so the events of one job keep their order. Value: the
 * spec's event envelope `{id, type, created_at, data}` plus `partner_id`.
 * @module
 */
import { idPattern } from "@hire/ids";
import { z } from "zod";
import { EMBEDDING_STATUSES, EMPLOYMENT_TYPES, JOB_STATUSES } from "./job.ts";

/** Event types of the spec. */
export const EVENT_TYPES = ["job.created", "job.matched", "job.updated", "job.deleted"] as const;
export type EventType = typeof EVENT_TYPES[number];

// `.meta` carries what the API reference says (descriptions, formats); decoding stays as
// lenient as it was.
const timestamp = (description: string) =>
  z.string().meta({ format: "date-time", description: `${description} ISO 8601, UTC, ms.` });
const serviceUrl = z.string().meta({
  format: "uri",
  description: "The job's page on the public site: `SITE_BASE_URL/jobs/<id>`.",
});

/** The job object of the API responses and of event data. */
export const publicJobSchema = z.object({
  id: z.string().meta({ pattern: idPattern("job"), description: "Issued by the service." }),
  title: z.string(),
  description: z.string(),
  city: z.string().meta({ description: "The canonical spelling of the city." }),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  salary_min: z.number().int().nullable().meta({ description: "Monthly, in SAR." }),
  salary_max: z.number().int().nullable().meta({ description: "Monthly, in SAR." }),
  currency: z.literal("SAR"),
  status: z.enum(JOB_STATUSES),
  embedding_status: z.enum(EMBEDDING_STATUSES).meta({
    description: "`processing` on create and while a new title or description is embedded, " +
      "then `ready`, or `failed` once every attempt failed.",
  }),
  match_ready: z.boolean().meta({
    description: "True while the job is in the match graph: it has a vector and is `active`.",
  }),
  service_url: serviceUrl,
  created_at: timestamp("When the service accepted the create."),
  updated_at: timestamp("The last change; a PATCH that changes nothing leaves it."),
}).meta({ id: "Job" });

/** Fields whose change emits `job.updated` (the spec's rule). */
export const EVENTFUL_FIELDS = ["title", "description", "status"] as const;

const envelope = {
  id: z.string().meta({
    pattern: idPattern("evt"),
    description: "The same on every delivery attempt of the event: deduplicate on it.",
  }),
  created_at: z.iso.datetime().meta({ description: "When the event happened." }),
  partner_id: z.string(),
};

/** One message on `jobs.events.v1`. */
export const jobEventSchema = z.discriminatedUnion("type", [
  z.object({
    ...envelope,
    type: z.literal("job.created"),
    data: z.object({ job: publicJobSchema }),
  }),
  z.object({
    ...envelope,
    type: z.literal("job.updated"),
    data: z.object({
      job: publicJobSchema,
      changed_fields: z.array(z.string()).meta({
        description: "Every field this update changed, including ones that alone would not " +
          "emit an event (salary fields changed together with the title, say).",
      }),
      previous_attributes: z.record(z.string(), z.unknown()).meta({
        description: "The values of the changed fields before the update.",
      }),
    }),
  }),
  z.object({
    ...envelope,
    type: z.literal("job.deleted"),
    data: z.object({
      job_id: z.string().meta({ pattern: idPattern("job") }),
      service_url: serviceUrl,
      deleted_at: z.iso.datetime(),
    }),
  }),
  z.object({
    ...envelope,
    type: z.literal("job.matched"),
    data: z.object({
      job_id: z.string().meta({ pattern: idPattern("job") }),
      seeker_id: z.string().meta({ pattern: idPattern("seek") }),
      score: z.number().min(0).max(1).meta({
        description: "Cosine similarity of the job's and the seeker's vectors, clamped to " +
          "[0, 1]; a pair is announced once, when it reaches the service's `MATCH_THRESHOLD`.",
      }),
      service_url: serviceUrl,
    }),
  }),
]);

/** A decoded public event. */
export type JobEvent = z.infer<typeof jobEventSchema>;

/** The Kafka message for an event: keyed by job id. */
export function encodeJobEvent(event: JobEvent): { key: string; value: string } {
  const jobId = "job" in event.data ? event.data.job.id : event.data.job_id;
  return { key: jobId, value: JSON.stringify(event) };
}

/** Parses a message value; throws on a malformed one. */
export function decodeJobEvent(value: string | Uint8Array): JobEvent {
  const text = typeof value === "string" ? value : new TextDecoder().decode(value);
  return jobEventSchema.parse(JSON.parse(text));
}

/** The envelope a webhook receives: the event without the internal `partner_id`. */
export function publicEnvelope(event: JobEvent): Omit<JobEvent, "partner_id"> {
  // In the spec's order, whatever order the event was built or parsed in.
  const { id, type, created_at, data } = event;
  return { id, type, created_at, data } as Omit<JobEvent, "partner_id">;
}
