/** Waits until a consumer group has committed every message of a topic. */
import type { Kafka } from "@hire/kafka";

/** Resolves once `groupId`'s committed offsets reach the end of every partition of `topic`. */
export async function waitForCaughtUp(
  kafka: Kafka,
  groupId: string,
  topic: string,
  timeoutMs = 20_000,
) {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const ends = await admin.fetchTopicOffsets(topic);
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      const at = new Map(committed!.partitions.map((p) => [p.partition, Number(p.offset)]));
      if (ends.every((e) => Number(e.offset) === 0 || at.get(e.partition) === Number(e.offset))) {
        return;
      }
      if (Date.now() > until) throw new Error(`${groupId} did not catch up on ${topic}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await admin.disconnect();
  }
}
