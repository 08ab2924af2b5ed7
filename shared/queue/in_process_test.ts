import assert from "node:assert/strict";
import { testMessageQueue } from "./contract.ts";
import { InProcessQueue } from "./in_process.ts";
import type { PartitionBatch } from "./port.ts";

let names = 0;
testMessageQueue("in-process queue", () => {
  const queue = new InProcessQueue({ retryDelayMs: 10 });
  return Promise.resolve({
    queue,
    async topic(numPartitions) {
      const topic = `test.queue.${++names}`;
      await queue.ensureTopics([{ topic, numPartitions }]);
      return topic;
    },
    group: () => `test.group.${++names}`,
    close: () => Promise.resolve(),
  });
});

const text = (batch: PartitionBatch) =>
  batch.messages.map((m) => m.value && new TextDecoder().decode(m.value));

Deno.test("in-process queue: a key always lands on the same partition, unkeyed messages spread", async () => {
  const queue = new InProcessQueue();
  await queue.ensureTopics([{ topic: "t", numPartitions: 4 }]);
  const publisher = queue.publisher();
  for (let i = 0; i < 8; i++) {
    await publisher.send({ topic: "t", messages: [{ key: "job-1", value: `k${i}` }] });
    await publisher.send({ topic: "t", messages: [{ value: `u${i}` }] });
  }
  const partitions = queue.messages("t");
  const keyed = partitions.filter((p) => p.some((m) => m.key === "job-1"));
  assert.equal(keyed.length, 1);
  assert.deepEqual(
    keyed[0]!.filter((m) => m.key).map((m) => m.value),
    [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `k${i}`),
  );
  assert.ok(partitions.every((p) => p.some((m) => m.key === null)), "unkeyed on every partition");
});

Deno.test("in-process queue: batches are capped, one at a time per partition, at most `concurrency` at once", async () => {
  const queue = new InProcessQueue({ maxBatchSize: 3 });
  await queue.ensureTopics([{ topic: "t", numPartitions: 4 }]);
  const publisher = queue.publisher();
  await publisher.sendBatch({
    topicMessages: [{
      topic: "t",
      messages: Array.from({ length: 40 }, (_, i) => ({ key: `k${i % 8}`, value: String(i) })),
    }],
  });
  let running = 0;
  let most = 0;
  const busy = new Set<number>();
  const sizes: number[] = [];
  const sub = await queue.subscribe({ group: "g", topics: ["t"], concurrency: 2 }, async (b, c) => {
    assert.ok(!busy.has(b.partition), "one batch per partition at a time");
    busy.add(b.partition);
    most = Math.max(most, ++running);
    sizes.push(b.messages.length);
    await new Promise((r) => setTimeout(r, 1));
    running--;
    busy.delete(b.partition);
    c.commit(b.messages.at(-1)!.offset);
  });
  await queue.whenIdle();
  await sub.stop();
  assert.equal(most, 2);
  assert.ok(sizes.every((n) => n <= 3));
  assert.equal(sizes.reduce((a, b) => a + b, 0), 40);
});

Deno.test("in-process queue: members share a group's partitions; a leaving member's partitions move on from the commit", async () => {
  const queue = new InProcessQueue();
  await queue.ensureTopics([{ topic: "t", numPartitions: 2 }]);
  const publisher = queue.publisher();
  const byMember = { a: [] as string[], b: [] as string[] };
  const handler = (who: "a" | "b") => (batch: PartitionBatch, c: { commit(o: string): void }) => {
    byMember[who].push(...text(batch).map(String));
    c.commit(batch.messages.at(-1)!.offset);
    return Promise.resolve();
  };
  const a = await queue.subscribe({ group: "g", topics: ["t"], concurrency: 2 }, handler("a"));
  const b = await queue.subscribe({ group: "g", topics: ["t"], concurrency: 2 }, handler("b"));
  await publisher.sendBatch({
    topicMessages: [{
      topic: "t",
      messages: ["x", "y", "z", "w"].map((k) => ({ key: k, value: k })),
    }],
  });
  await queue.whenIdle();
  assert.ok(byMember.a.length > 0 && byMember.b.length > 0, JSON.stringify(byMember));
  await a.stop();
  await publisher.sendBatch({
    topicMessages: [{
      topic: "t",
      messages: ["x", "y", "z", "w"].map((k) => ({ key: k, value: `${k}2` })),
    }],
  });
  await queue.whenIdle();
  await b.stop();
  assert.deepEqual([...byMember.a, ...byMember.b].sort(), [
    "w",
    "w2",
    "x",
    "x2",
    "y",
    "y2",
    "z",
    "z2",
  ]);
  assert.ok(["w2", "x2", "y2", "z2"].every((v) => byMember.b.includes(v)));
});

Deno.test("in-process queue: stop lets the batch in progress finish and counts its commit", async () => {
  const queue = new InProcessQueue();
  await queue.ensureTopics([{ topic: "t", numPartitions: 1 }]);
  await queue.publisher().send({ topic: "t", messages: [{ key: "k", value: "v" }] });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const inHandler = new Promise<void>((r) => (started = r));
  let runningAtEnd: boolean | undefined;
  const sub = await queue.subscribe({ group: "g", topics: ["t"], concurrency: 1 }, async (b, c) => {
    started();
    await gate;
    runningAtEnd = c.isRunning();
    c.commit(b.messages[0]!.offset);
  });
  await inHandler;
  const stopping = sub.stop();
  release();
  await stopping;
  assert.equal(runningAtEnd, false);
  const again: string[] = [];
  const next = await queue.subscribe({ group: "g", topics: ["t"], concurrency: 1 }, (b) => {
    again.push(...text(b).map(String));
    return Promise.resolve();
  });
  await queue.whenIdle();
  await next.stop();
  assert.deepEqual(again, []);
});

Deno.test("in-process queue: subscribing to or sending to a missing topic is refused", async () => {
  const queue = new InProcessQueue();
  await assert.rejects(
    queue.subscribe({ group: "g", topics: ["nope"], concurrency: 1 }, () => Promise.resolve()),
    /no such topic: nope/,
  );
  await assert.rejects(queue.publisher().send({ topic: "nope", messages: [] }), /no such topic/);
});
