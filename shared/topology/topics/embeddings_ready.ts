/**
 * `embeddings.ready` (internal): the embedding service tells the matching service a vector
 * is new.
 * @module
 */
import { embeddedSchema } from "@hire/pipeline";
import { declareTopic } from "../declaration.ts";
import { GROUPS } from "../groups.ts";
import { PARTITIONS, retention } from "../kafka_config.ts";
import { JOB_ID, SEEKER_ID } from "../keys.ts";
import { text } from "../prose.ts";
import { variant } from "../variant.ts";

/** The declaration of `embeddings.ready`. */
export const EMBEDDINGS_READY = declareTopic({
  channel: "embeddingsReady",
  name: "embeddings.ready",
  env: "TOPIC_EMBEDDINGS_READY",
  visibility: "internal",
  partitions: PARTITIONS,
  // Short retention: the messages only trigger work.
  config: () => retention(7),
  title: "Embeddings ready (internal)",
  summary:
    "Internal: the embedding service tells the matching service a vector is new. Not a contract.",
  description: text`
    **Internal.** Not a contract for the data team; may change at any time.

    The embedding service writes (through its outbox) \`job.embedded\` when a job's vector for
    its current \`content_version\` is in the vector index and the job is marked \`ready\`, and
    \`seeker.embedded\` when a seeker's vector is new or its city or employment types changed
    in the index. The matching service then searches the other side. A redelivered message
    announces nothing twice: matches are recorded once per (job, seeker) pair.`,
  value: embeddedSchema,
  fields: { id: "`evt_<ulid>`; the same in every copy." },
  messages: [
    {
      id: "JobEmbedded",
      name: "job.embedded",
      title: "job.embedded (internal)",
      schema: variant(embeddedSchema, "job.embedded"),
      key: { schema: JOB_ID, field: "job_id" },
      summary: "The job's vector for `content_version` is in the index and the job is ready.",
      fields: {
        content_version: "The content version the job's vector was made from.",
        at: "When the job was marked ready, UTC (`Z`).",
      },
      examples: [{
        name: "jobEmbedded",
        payload: {
          id: "evt_01JN8GP0PSK2D7WQ4X9B3M6TNA",
          type: "job.embedded",
          job_id: "job_01JN8GN2E05RDH62XGBGSGBYW9",
          partner_id: "ptr_01JN5Q1ZK4V7W2D8X3Y6M9B0CE",
          content_version: 1,
          at: "2025-03-01T09:30:31.000Z",
        },
      }],
    },
    {
      id: "SeekerEmbedded",
      name: "seeker.embedded",
      title: "seeker.embedded (internal)",
      schema: variant(embeddedSchema, "seeker.embedded"),
      key: { schema: SEEKER_ID, field: "seeker_id" },
      summary: "The seeker's vector, or its city or employment types, changed in the index.",
      fields: {
        seeker_id: "The seeker, `seek_<ulid>`.",
        at: "When the seeker's vector or payload was written, UTC (`Z`).",
      },
      examples: [{
        name: "seekerEmbedded",
        payload: {
          id: "evt_01JN8GPXK0C4R8V2N6Y1T5W9HB",
          type: "seeker.embedded",
          seeker_id: "seek_01JKTE2SG0WSXS0X3A3DF26MHK",
          at: "2025-03-01T09:31:01.400Z",
        },
      }],
    },
  ],
  producers: [{
    service: "embedding",
    writes: ["job.embedded", "seeker.embedded"],
    title: "Announce a new vector (embedding service, internal)",
    summary: "The embedding service triggers matching for a job or seeker whose vector is new.",
  }],
  consumers: [{
    group: GROUPS.matching,
    title: "Match a job or seeker (matching service, internal)",
    summary: "The matching service searches the other side and records new pairs as job.matched.",
  }],
});
