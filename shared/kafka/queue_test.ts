import { testMessageQueue } from "@hire/queue/contract.ts";
import { createKafka, FAST_FAIL_RETRY } from "./client.ts";
import { createKafkaQueue } from "./queue.ts";

const brokers = (Deno.env.get("KAFKA_BROKERS") ?? "127.0.0.1:9092").split(",");

// "test." names: the test runner deletes what a run that died left behind.
const unique = (what: string) => `test.${what}.${crypto.randomUUID()}`;

testMessageQueue("kafka queue", () => {
  // Fast-failing requests: a send to a missing topic gives up within a second or so.
  const kafka = createKafka({ brokers, clientId: "queue-contract", retry: FAST_FAIL_RETRY });
  const queue = createKafkaQueue(kafka);
  const topics: string[] = [];
  return Promise.resolve({
    queue,
    async topic(numPartitions) {
      const topic = unique("queue");
      await queue.ensureTopics([{ topic, numPartitions }]);
      topics.push(topic);
      return topic;
    },
    group: () => unique("queue-group"),
    async close() {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await admin.deleteTopics({ topics });
      } finally {
        await admin.disconnect();
      }
    },
  });
}, { timeoutMs: 30_000 });

Deno.test("kafka queue: handled offsets are committed on an interval, without a stop", async () => {
  const kafka = createKafka({ brokers, clientId: "queue-commits", retry: FAST_FAIL_RETRY });
  const queue = createKafkaQueue(kafka);
  const topic = unique("commits");
  const group = unique("commits-group");
  await queue.ensureTopics([{ topic, numPartitions: 2 }]);
  const publisher = queue.publisher();
  const admin = kafka.admin();
  await admin.connect();
  try {
    await publisher.sendBatch({
      topicMessages: [{
        topic,
        messages: ["a", "b", "c", "d"].map((v) => ({ key: v, value: v })),
      }],
    });
    let handled = 0;
    const sub = await queue.subscribe({ group, topics: [topic], concurrency: 2 }, (batch, c) => {
      for (const m of batch.messages) c.commit(m.offset);
      handled += batch.messages.length;
      return Promise.resolve();
    });
    try {
      // Read while the member still runs: as a process killed now would leave them.
      const committed = async () => {
        const [t] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
        return t!.partitions.reduce((n, p) => n + Math.max(0, Number(p.offset)), 0);
      };
      const until = Date.now() + 20_000;
      while (!(handled === 4 && await committed() === 4)) {
        if (Date.now() > until) {
          throw new Error(`handled ${handled}, committed ${await committed()}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await sub.stop();
    }
  } finally {
    await publisher.disconnect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => {});
    await admin.disconnect();
  }
});
