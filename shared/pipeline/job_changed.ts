/**
 * Contract of the internal topic `jobs.changed`: the job service tells the embedding
 * service that a job changed in a way the match graph cares about. Key: the job id, so a
 * job's changes are seen in order. The message names the change; the job itself is read
 * from Postgres, so a late message never carries stale data.
 * @module
 */
import { z } from "zod";

/** Why the match graph must look at a job again. */
export const CHANGE_REASONS = ["created", "content", "status", "payload", "deleted"] as const;
export type ChangeReason = typeof CHANGE_REASONS[number];

/** One message on `jobs.changed`. */
export const jobChangedSchema = z.object({
  id: z.string(),
  type: z.literal("job.changed"),
  job_id: z.string(),
  partner_id: z.string(),
  /** The job's content version after the change; embedding targets this version. */
  content_version: z.number().int().positive(),
  reasons: z.array(z.enum(CHANGE_REASONS)).min(1),
  at: z.iso.datetime(),
});

/** A decoded job-changed message. */
export type JobChanged = z.infer<typeof jobChangedSchema>;

/** Parses a message value; throws on a malformed one. */
export function decodeJobChanged(value: string | Uint8Array): JobChanged {
  const text = typeof value === "string" ? value : new TextDecoder().decode(value);
  return jobChangedSchema.parse(JSON.parse(text));
}
