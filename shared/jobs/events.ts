/**
 * Contract of the public topic `jobs.events.v1`, read by the delivery service and the
 * data team. Key: the job id, so the events of one job keep their order. Value: the
 * spec's event envelope `{id, type, created_at, data}` plus `partner_id`.
 * @module
 */
import { z } from "zod";
import { EMBEDDING_STATUSES, EMPLOYMENT_TYPES, JOB_STATUSES } from "./job.ts";

/** Event types of the spec. */
export const EVENT_TYPES = ["job.created", "job.matched", "job.updated", "job.deleted"] as const;
export type EventType = typeof EVENT_TYPES[number];

/** The job object as carried in event data. */
export const publicJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  city: z.string(),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  salary_min: z.number().int().nullable(),
  salary_max: z.number().int().nullable(),
  currency: z.literal("SAR"),
  status: z.enum(JOB_STATUSES),
  embedding_status: z.enum(EMBEDDING_STATUSES),
  match_ready: z.boolean(),
  service_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Fields whose change emits `job.updated` (the spec's rule). */
export const EVENTFUL_FIELDS = ["title", "description", "status"] as const;

const envelope = {
  id: z.string(),
  created_at: z.iso.datetime(),
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
      /** Every field this update changed, including ones that alone would not emit. */
      changed_fields: z.array(z.string()),
      /** Values before the update of the changed fields. */
      previous_attributes: z.record(z.string(), z.unknown()),
    }),
  }),
  z.object({
    ...envelope,
    type: z.literal("job.deleted"),
    data: z.object({ job_id: z.string(), service_url: z.string(), deleted_at: z.iso.datetime() }),
  }),
  z.object({
    ...envelope,
    type: z.literal("job.matched"),
    data: z.object({
      job_id: z.string(),
      seeker_id: z.string(),
      score: z.number().min(0).max(1),
      service_url: z.string(),
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
