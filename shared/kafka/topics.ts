/**
 * Every topic the system uses, with its partition count. Topics are created by
 * `deno task topics` (and by the dev and test commands), never by auto-creation.
 * @module
 */
import type { Admin } from "kafkajs";

/** A topic to create. */
export interface TopicSpec {
  topic: string;
  numPartitions: number;
  /** Topic-level configuration, e.g. retention. */
  config?: Record<string, string>;
}

/**
 * Partition counts bound how many consumers of a group can work in parallel; 12 divides
 * evenly among 1, 2, 3, 4, 6 or 12 consumers.
 */
export const DEFAULT_TOPICS: readonly TopicSpec[] = [
  { topic: "jobs.commands", numPartitions: 12, config: { "retention.ms": String(7 * 86_400_000) } },
  {
    topic: "jobs.events.v1",
    numPartitions: 12,
    config: { "retention.ms": String(30 * 86_400_000) },
  },
  // Internal to the pipeline; short retention: they only trigger work.
  {
    topic: "jobs.changed",
    numPartitions: 12,
    config: { "retention.ms": String(7 * 86_400_000) },
  },
  {
    topic: "embeddings.ready",
    numPartitions: 12,
    config: { "retention.ms": String(7 * 86_400_000) },
  },
  // Seeker profiles, latest per seeker: compacted, so a new consumer can rebuild every profile.
  { topic: "seekers.v1", numPartitions: 12, config: { "cleanup.policy": "compact" } },
];

/** Creates the topics that do not exist yet; returns the names created now. */
export async function ensureTopics(admin: Admin, topics: readonly TopicSpec[]): Promise<string[]> {
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((t) => !existing.has(t.topic));
  if (missing.length === 0) return [];
  await admin.createTopics({
    waitForLeaders: true,
    topics: missing.map((t) => ({
      topic: t.topic,
      numPartitions: t.numPartitions,
      replicationFactor: 1,
      configEntries: Object.entries(t.config ?? {}).map(([name, value]) => ({ name, value })),
    })),
  });
  return missing.map((t) => t.topic);
}
