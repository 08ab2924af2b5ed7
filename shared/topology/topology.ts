/**
 * Every topic of the system, in the order work flows through them.
 * @module
 */
import { EMBEDDINGS_READY } from "./topics/embeddings_ready.ts";
import { JOB_COMMANDS } from "./topics/jobs_commands.ts";
import { JOBS_CHANGED } from "./topics/jobs_changed.ts";
import { JOB_EVENTS } from "./topics/jobs_events.ts";
import { SEEKERS } from "./topics/seekers.ts";
import { WEBHOOKS_DEAD } from "./topics/webhooks_dead.ts";
import { WEBHOOKS_RETRY } from "./topics/webhooks_retry.ts";

/** The declarations, one per topic (or family of topics). */
export const TOPICS = [
  JOB_COMMANDS,
  JOB_EVENTS,
  JOBS_CHANGED,
  EMBEDDINGS_READY,
  SEEKERS,
  WEBHOOKS_RETRY,
  WEBHOOKS_DEAD,
] as const;

/** A variable that names a topic (or a family's prefix), e.g. `TOPIC_JOBS_EVENTS`. */
export type TopicVar = typeof TOPICS[number]["env"];
