/**
 * Creates topics on the broker. What to create (names, partitions, retention) comes from
 * `@hire/topology`; topics are created by `deno task topics` (and by the dev and test
 * commands), never by auto-creation.
 * @module
 */
import type { TopicSpec } from "@hire/queue";
import type { Admin } from "kafkajs";

export type { TopicSpec };

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
