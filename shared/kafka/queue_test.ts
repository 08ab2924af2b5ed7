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
