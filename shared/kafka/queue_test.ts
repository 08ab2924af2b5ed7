import assert from "node:assert/strict";
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

Deno.test("kafka queue: a gathering member gets a trickle in batches, every message in order", async () => {
  const kafka = createKafka({ brokers, clientId: "queue-gather", retry: FAST_FAIL_RETRY });
  const queue = createKafkaQueue(kafka);
  const topic = unique("gather");
  await queue.ensureTopics([{ topic, numPartitions: 1 }]);
  const publisher = queue.publisher();
  const batches: string[][] = [];
  const sub = await queue.subscribe(
    { group: unique("gather-group"), topics: [topic], concurrency: 1, gather: true },
    (batch, c) => {
      batches.push(batch.messages.map((m) => String(m.value)));
      for (const m of batch.messages) c.commit(m.offset);
      return Promise.resolve();
    },
  );
  try {
    await sub.joined;
    // 20 messages 5 ms apart: one fetch answered at the first message would take them one
    // or two at a time; a fetch held for its wait takes whatever came within it.
    const sent = Array.from({ length: 20 }, (_, i) => `m${i}`);
    for (const value of sent) {
      await publisher.sendBatch({ topicMessages: [{ topic, messages: [{ key: "k", value }] }] });
      await new Promise((r) => setTimeout(r, 5));
    }
    const until = Date.now() + 20_000;
    while (batches.flat().length < sent.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.deepEqual(batches.flat(), sent);
    assert.ok(batches.length <= 5, `${batches.length} batches: ${JSON.stringify(batches)}`);
  } finally {
    await sub.stop();
    await publisher.disconnect();
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] }).catch(() => {});
    await admin.disconnect();
  }
});
