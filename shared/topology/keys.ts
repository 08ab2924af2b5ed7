/**
 * Message keys. Every key is a UTF-8 id string; the key decides the partition, so all
 * messages of one subject are read in the order they were written.
 * @module
 */
import { idPattern, type IdPrefix } from "@hire/ids";
import { z } from "zod";
import type { NamedSchema } from "./declaration.ts";

const idKey = (id: string, prefix: IdPrefix, description: string): NamedSchema => ({
  id,
  schema: z.string().meta({ pattern: idPattern(prefix), description }),
});

/** A job id, the key of every job topic. */
export const JOB_ID = idKey(
  "JobId",
  "job",
  "Job id, `job_<ulid>`: the key of the job topics, so a job's messages keep their order.",
);

/** A seeker id, the key of `seekers.v1` and of `seeker.embedded`. */
export const SEEKER_ID = idKey(
  "SeekerId",
  "seek",
  "Seeker id, `seek_` and an upper-case ULID (Crockford base32).",
);

/** A webhook id, the key of the ladder's topics. */
export const WEBHOOK_ID = idKey(
  "WebhookId",
  "wh",
  "Webhook id, `wh_<ulid>`: one webhook's retries share a partition.",
);
