/**
 * Contract of the internal topic `embeddings.ready`: the embedding service tells the
 * matching service that a job's or a seeker's vector is in the index. Key: the job or
 * seeker id.
 * @module
 */
import { z } from "zod";

/** One message on `embeddings.ready`. */
export const embeddedSchema = z.discriminatedUnion("type", [
  z.object({
    id: z.string(),
    type: z.literal("job.embedded"),
    job_id: z.string(),
    partner_id: z.string(),
    content_version: z.number().int().positive(),
    at: z.iso.datetime(),
  }),
  z.object({
    id: z.string(),
    type: z.literal("seeker.embedded"),
    seeker_id: z.string(),
    at: z.iso.datetime(),
  }),
]);

/** A decoded message. */
export type Embedded = z.infer<typeof embeddedSchema>;

/** The Kafka key of a message: the subject's id. */
export function embeddedKey(message: Embedded): string {
  return message.type === "job.embedded" ? message.job_id : message.seeker_id;
}

/** Parses a message value; throws on a malformed one. */
export function decodeEmbedded(value: string | Uint8Array): Embedded {
  const text = typeof value === "string" ? value : new TextDecoder().decode(value);
  return embeddedSchema.parse(JSON.parse(text));
}
