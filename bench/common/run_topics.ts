/**
 * Topics of a benchmark run's own on the shared broker: every declared topic (with its
 * partitions and settings, as production has them) renamed `<prefix><run>.<name>`, so no
 * other stack's messages or backlog reach the run. Leftovers of an earlier run that died are
 * deleted first.
 * @module
 */
import { createKafka, ensureTopics } from "@hire/kafka";
import { DEFAULT_RUNGS, type TopicNames, topicSpecs, uniqueTopicNames } from "@hire/topology";

/** A run's topics and how to delete them. */
export interface RunTopics {
  /** `<prefix><run>.`: what every topic (and group) of the run starts with. */
  run: string;
  /** Every topic variable and the run's name for it. */
  topics: TopicNames;
  /** Deletes the run's topics. */
  cleanup(): Promise<void>;
}

/** Creates the run's topics on `brokers` (comma-separated). */
export async function createRunTopics(
  brokers: string,
  prefix: string,
  clientId: string,
): Promise<RunTopics> {
  const run = `${prefix}${Date.now().toString(36)}.`;
  const topics = uniqueTopicNames((name) => `${run}${name}`);
  const specs = topicSpecs(topics, DEFAULT_RUNGS);
  const kafka = createKafka({ brokers: brokers.split(","), clientId });
  const withAdmin = async (fn: (admin: ReturnType<typeof kafka.admin>) => Promise<void>) => {
    const admin = kafka.admin();
    await admin.connect();
    try {
      await fn(admin);
    } finally {
      await admin.disconnect();
    }
  };
  await withAdmin(async (admin) => {
    const leftovers = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (leftovers.length) await admin.deleteTopics({ topics: leftovers });
    await ensureTopics(admin, specs);
  });
  return {
    run,
    topics,
    cleanup: () => withAdmin((admin) => admin.deleteTopics({ topics: specs.map((s) => s.topic) })),
  };
}
