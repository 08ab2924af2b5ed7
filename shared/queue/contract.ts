/**
 * The queue port's contract, as tests: what every adapter must do, run against each one
 * whose broker is present (`in_process_test.ts`; `shared/kafka/queue_test.ts`).
 * @module
 */
import assert from "node:assert/strict";
import { isQueueUnavailable } from "./unavailable.ts";
import type { BatchHandler, MessageQueue, PartitionBatch } from "./port.ts";

/** An adapter under test, with fresh names so runs never see each other's messages. */
export interface QueueUnderTest {
  queue: MessageQueue;
  /** Creates a new topic of `partitions` and returns its name. */
  topic(partitions: number): Promise<string>;
  /** A new consumer group name. */
  group(): string;
  /** Removes what the run created. */
  close(): Promise<void>;
}

/** One message as a handler saw it. */
interface Seen {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: string | null;
  at: number;
}

const decoder = new TextDecoder();

function record(into: Seen[], batch: PartitionBatch): Seen[] {
  const seen = batch.messages.map((m) => ({
    topic: batch.topic,
    partition: batch.partition,
    offset: m.offset,
    key: m.key,
    value: m.value === null ? null : decoder.decode(m.value),
    at: Date.now(),
  }));
  into.push(...seen);
  return seen;
}

async function until(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Commits every batch whole. */
const commitAll = (into: Seen[]): BatchHandler => (batch, control) => {
  record(into, batch);
  control.commit(batch.messages.at(-1)!.offset);
  return Promise.resolve();
};

const values = (seen: Seen[], key?: string) =>
  seen.filter((s) => key === undefined || s.key === key).map((s) => s.value);

/**
 * Registers the contract's tests for an adapter. `timeoutMs` bounds each wait (a real
 * broker needs seconds to rebalance and to restart a failed consumer).
 */
export function testMessageQueue(
  name: string,
  open: () => Promise<QueueUnderTest>,
  opts: { timeoutMs?: number } = {},
): void {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const withQueue = (title: string, fn: (q: QueueUnderTest) => Promise<void>) =>
    Deno.test(`${name}: ${title}`, async () => {
      const q = await open();
      try {
        await fn(q);
      } finally {
        await q.close();
      }
    });

  withQueue(
    "a new group starts at the oldest message; a key's messages keep their order and partition",
    async (q) => {
      const topic = await q.topic(3);
      const publisher = q.queue.publisher();
      for (let i = 0; i < 5; i++) {
        await publisher.send({ topic, messages: [{ key: "a", value: `a${i}` }] });
        await publisher.send({ topic, messages: [{ key: "b", value: `b${i}` }] });
      }
      const seen: Seen[] = [];
      const sub = await q.queue.subscribe(
        { group: q.group(), topics: [topic], concurrency: 3 },
        commitAll(seen),
      );
      try {
        await sub.joined;
        await until("ten messages", () => seen.length >= 10, timeoutMs);
        assert.deepEqual(values(seen, "a"), ["a0", "a1", "a2", "a3", "a4"]);
        assert.deepEqual(values(seen, "b"), ["b0", "b1", "b2", "b3", "b4"]);
        for (const key of ["a", "b"]) {
          assert.equal(new Set(seen.filter((s) => s.key === key).map((s) => s.partition)).size, 1);
        }
        const offsets = seen.filter((s) => s.key === "a").map((s) => BigInt(s.offset));
        assert.ok(offsets.every((o, i) => i === 0 || o > offsets[i - 1]!), "offsets increase");
      } finally {
        await sub.stop();
        await publisher.disconnect();
      }
    },
  );

  withQueue(
    "a member resumes after the group's last commit; what was not committed comes again",
    async (q) => {
      const topic = await q.topic(1);
      const group = q.group();
      const publisher = q.queue.publisher();
      await publisher.sendBatch({
        topicMessages: [{
          topic,
          messages: ["m1", "m2", "m3", "m4"].map((v) => ({ key: "k", value: v })),
        }],
      });
      const first: Seen[] = [];
      const a = await q.queue.subscribe(
        { group, topics: [topic], concurrency: 1 },
        (batch, control) => {
          for (const s of record(first, batch)) if (s.value === "m2") control.commit(s.offset);
          return Promise.resolve();
        },
      );
      await a.joined;
      await until("four messages", () => first.length >= 4, timeoutMs);
      await a.stop();
      const second: Seen[] = [];
      const b = await q.queue.subscribe(
        { group, topics: [topic], concurrency: 1 },
        commitAll(second),
      );
      try {
        await b.joined;
        await until("the uncommitted messages", () => second.length >= 2, timeoutMs);
        assert.deepEqual(values(second), ["m3", "m4"]);
      } finally {
        await b.stop();
        await publisher.disconnect();
      }
    },
  );

  withQueue("a failed batch is delivered again from the last commit", async (q) => {
    const topic = await q.topic(1);
    const publisher = q.queue.publisher();
    await publisher.sendBatch({
      topicMessages: [{ topic, messages: ["x1", "x2"].map((v) => ({ key: "k", value: v })) }],
    });
    const seen: Seen[] = [];
    let failures = 0;
    const sub = await q.queue.subscribe(
      { group: q.group(), topics: [topic], concurrency: 1 },
      (batch, control) => {
        record(seen, batch);
        if (failures++ === 0) return Promise.reject(new Error("handler bug"));
        control.commit(batch.messages.at(-1)!.offset);
        return Promise.resolve();
      },
    );
    try {
      await sub.joined;
      await until(
        "a second delivery",
        () => failures >= 2 && values(seen).includes("x2"),
        timeoutMs,
      );
      assert.equal(values(seen)[0], "x1");
      assert.equal(values(seen).filter((v) => v === "x1").length, 2);
    } finally {
      await sub.stop();
      await publisher.disconnect();
    }
  });

  withQueue(
    "a message not due is delivered again at its time, and nothing behind it before",
    async (q) => {
      const topic = await q.topic(1);
      const publisher = q.queue.publisher();
      await publisher.sendBatch({
        topicMessages: [{
          topic,
          messages: ["early", "later"].map((v) => ({ key: "k", value: v })),
        }],
      });
      const seen: Seen[] = [];
      let due = 0;
      const sub = await q.queue.subscribe(
        { group: q.group(), topics: [topic], concurrency: 1 },
        (batch, control) => {
          if (due === 0) {
            // Handles the first message only: it is not due.
            const [first] = record(seen, { ...batch, messages: batch.messages.slice(0, 1) });
            due = Date.now() + 1500;
            control.redeliverAt(first!.offset, due);
            return Promise.resolve();
          }
          control.commit(record(seen, batch).at(-1)!.offset);
          return Promise.resolve();
        },
      );
      try {
        await sub.joined;
        await until("the redelivery", () => values(seen).includes("later"), timeoutMs + 1500);
        const again = seen.filter((s) => s.value === "early")[1];
        assert.ok(again, "delivered again");
        assert.ok(again.at >= due, `${due - again.at} ms early`);
        const later = seen.find((s) => s.value === "later")!;
        assert.ok(later.at >= due, "the message behind it waited");
      } finally {
        await sub.stop();
        await publisher.disconnect();
      }
    },
  );

  withQueue(
    "every group gets every message; a tombstone arrives with its key and no value",
    async (q) => {
      const topic = await q.topic(2);
      const publisher = q.queue.publisher();
      await publisher.send({ topic, messages: [{ key: "s1", value: "profile" }] });
      await publisher.send({ topic, messages: [{ key: "s1", value: null }] });
      const one: Seen[] = [];
      const two: Seen[] = [];
      const subs = [
        await q.queue.subscribe(
          { group: q.group(), topics: [topic], concurrency: 2 },
          commitAll(one),
        ),
        await q.queue.subscribe(
          { group: q.group(), topics: [topic], concurrency: 2 },
          commitAll(two),
        ),
      ];
      try {
        await Promise.all(subs.map((s) => s.joined));
        await until("both groups", () => one.length >= 2 && two.length >= 2, timeoutMs);
        for (const seen of [one, two]) {
          assert.deepEqual(seen.map((s) => [s.key, s.value]), [["s1", "profile"], ["s1", null]]);
        }
      } finally {
        for (const s of subs) await s.stop();
        await publisher.disconnect();
      }
    },
  );

  // What a worker's batch window (startWorker's batchWindowMs) rests on: holding a batch
  // holds its partition, and what arrived meanwhile comes after it as one batch.
  withQueue(
    "messages published while a partition's batch is handled come in its next batch, together",
    async (q) => {
      const topic = await q.topic(1);
      const publisher = q.queue.publisher();
      const batches: (string | null)[][] = [];
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      const sub = await q.queue.subscribe(
        { group: q.group(), topics: [topic], concurrency: 1 },
        async (batch, control) => {
          batches.push(record([], batch).map((s) => s.value));
          control.commit(batch.messages.at(-1)!.offset);
          if (batches.length === 1) await held;
        },
      );
      try {
        await sub.joined;
        await publisher.send({ topic, messages: [{ key: "k", value: "h1" }] });
        await until("the first batch", () => batches.length >= 1, timeoutMs);
        await publisher.send({ topic, messages: [{ key: "k", value: "h2" }] });
        await publisher.send({ topic, messages: [{ key: "k", value: "h3" }] });
        release();
        await until("three messages", () => batches.flat().length >= 3, timeoutMs);
        assert.deepEqual(batches, [["h1"], ["h2", "h3"]]);
      } finally {
        release();
        await sub.stop();
        await publisher.disconnect();
      }
    },
  );

  withQueue(
    "topics: created once, listed by the publisher; a missing one is unavailable",
    async (q) => {
      const topic = await q.topic(1);
      const publisher = q.queue.publisher();
      try {
        assert.deepEqual(await q.queue.ensureTopics([{ topic, numPartitions: 1 }]), []);
        assert.ok((await publisher.existingTopics({ fresh: true })).has(topic));
        const missing = `${topic}.missing`;
        await assert.rejects(
          publisher.send({ topic: missing, messages: [{ key: "k", value: "v" }] }),
          (err) => isQueueUnavailable(err),
        );
      } finally {
        await publisher.disconnect();
      }
    },
  );
}
