import assert from "node:assert/strict";
import { createKafka } from "./client.ts";
import { waitForLeaders } from "./topics.ts";

const BROKER = Deno.env.get("KAFKA_BROKERS")?.split(",")[0] ?? "127.0.0.1:9092";

Deno.test("waitForLeaders returns once a topic created without waiting has its leaders", async () => {
  const admin = createKafka({ brokers: [BROKER], clientId: "test-topics" }).admin();
  await admin.connect();
  const topic = `topics.test.${crypto.randomUUID()}`;
  try {
    await admin.createTopics({ waitForLeaders: false, topics: [{ topic, numPartitions: 3 }] });
    await waitForLeaders(admin, [topic]);
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    assert.equal(topics[0]!.partitions.length, 3);
    assert.ok(topics[0]!.partitions.every((p) => p.leader >= 0));
    // A topic that never comes gives up after the attempts, with the broker's answer.
    await assert.rejects(
      waitForLeaders(admin, [`topics.test.missing.${crypto.randomUUID()}`], {
        attempts: 2,
        delayMs: 10,
      }),
    );
  } finally {
    await admin.deleteTopics({ topics: [topic] }).catch(() => {});
    await admin.disconnect();
  }
});
