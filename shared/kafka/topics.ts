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
  const names = missing.map((t) => t.topic);
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((t) => ({
        topic: t.topic,
        numPartitions: t.numPartitions,
        replicationFactor: 1,
        configEntries: Object.entries(t.config ?? {}).map(([name, value]) => ({ name, value })),
      })),
    });
  } catch (err) {
    // kafkajs waits for the leaders by asking for metadata, and gives up when a broker has
    // not yet heard of a topic just created (it retries only LEADER_NOT_AVAILABLE). The
    // topics exist: wait on for their leaders ourselves.
    if ((err as { type?: string }).type !== "UNKNOWN_TOPIC_OR_PARTITION") throw err;
    await waitForLeaders(admin, names);
  }
  return names;
}

/** Waits until every partition of `topics` has a leader (about 10 s at most). */
export async function waitForLeaders(
  admin: Pick<Admin, "fetchTopicMetadata">,
  topics: string[],
  opts: { attempts?: number; delayMs?: number } = {},
): Promise<void> {
  const attempts = opts.attempts ?? 50;
  for (let i = 1;; i++) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics });
      if (found.every((t) => t.partitions.every((p) => p.leader >= 0))) return;
    } catch (err) {
      if (i >= attempts) throw err;
    }
    if (i >= attempts) throw new Error(`no leaders for ${topics.join(", ")} yet`);
    await new Promise((r) => setTimeout(r, opts.delayMs ?? 200));
  }
}
