import assert from "node:assert/strict";
import { recordingLogger } from "@hire/log";
import { InProcessQueue } from "./in_process.ts";
import {
  consume,
  defineWorker,
  type Handler,
  keepingAlive,
  startWorker,
  type WorkerDefinition,
} from "./worker.ts";

const decodeNumber = (v: Uint8Array | string) => {
  const n = Number(typeof v === "string" ? v : new TextDecoder().decode(v));
  if (!Number.isInteger(n)) throw new Error(`not a number: ${v}`);
  return n;
};

/** The test topic "in", of numbers, handled by `handle`. */
const numbersIn = (handle: Handler<number>) =>
  consume({ topic: "in", decode: decodeNumber, handle });

class Outage extends Error {}

async function setup(values: (string | null)[], partitions = 1) {
  const queue = new InProcessQueue({ retryDelayMs: 10 });
  await queue.ensureTopics([{ topic: "in", numPartitions: partitions }]);
  await queue.publisher().sendBatch({
    topicMessages: [{ topic: "in", messages: values.map((value) => ({ key: "k", value })) }],
  });
  return queue;
}

function worker(overrides: Partial<WorkerDefinition> & Pick<WorkerDefinition, "consumes">) {
  return defineWorker({
    name: "test",
    group: "g",
    produces: [],
    chunkSize: 2,
    concurrency: 1,
    retriable: (err) => err instanceof Outage,
    ...overrides,
  });
}

Deno.test("worker: handles chunks in order, commits and flushes the outbox after each", async () => {
  const queue = await setup(["1", "2", "3", "4", "5"]);
  const chunks: number[][] = [];
  let flushes = 0;
  const running = await startWorker(
    worker({
      consumes: [numbersIn((ms) => (chunks.push(ms.map((m) => m.value)), Promise.resolve()))],
    }),
    { queue, log: recordingLogger(), outbox: { flushSoon: () => void flushes++ } },
  );
  await queue.whenIdle();
  await running.stop();
  assert.deepEqual(chunks, [[1, 2], [3, 4], [5]]);
  assert.equal(flushes, 3);
});

Deno.test("worker: flushAfter batch flushes once per batch", async () => {
  const queue = await setup(["1", "2", "3"]);
  let flushes = 0;
  const running = await startWorker(
    worker({
      chunkSize: 1,
      flushAfter: "batch",
      consumes: [numbersIn(() => Promise.resolve())],
    }),
    { queue, log: recordingLogger(), outbox: { flushSoon: () => void flushes++ } },
  );
  await queue.whenIdle();
  await running.stop();
  assert.equal(flushes, 1);
});

Deno.test("worker: a malformed message is logged whole and skipped; its offset is committed", async () => {
  const queue = await setup(["1", "oops", "3"]);
  const log = recordingLogger();
  const seen: number[] = [];
  const def = worker({
    chunkSize: 10,
    consumes: [numbersIn((ms) => (seen.push(...ms.map((m) => m.value)), Promise.resolve()))],
  });
  const running = await startWorker(def, { queue, log });
  await queue.whenIdle();
  await running.stop();
  assert.deepEqual(seen, [1, 3]);
  const skipped = log.lines.find((l) => l.msg === "malformed message skipped");
  assert.equal(skipped?.level, "error");
  assert.deepEqual([skipped?.fields?.offset, skipped?.fields?.key, skipped?.fields?.value], [
    "1",
    "k",
    "oops",
  ]);
  // Committed: a new worker of the group finds nothing left.
  const again = await startWorker(def, { queue, log });
  await queue.whenIdle();
  await again.stop();
  assert.deepEqual(seen, [1, 3]);
});

Deno.test("worker: a retriable failure is retried in place; another one has the batch delivered again", async () => {
  const queue = await setup(["1", "2"]);
  const attempts: number[][] = [];
  let outages = 2;
  let bugs = 1;
  const log = recordingLogger();
  const running = await startWorker(
    worker({
      consumes: [numbersIn((ms) => {
        attempts.push(ms.map((m) => m.value));
        if (outages-- > 0) return Promise.reject(new Outage("database down"));
        if (bugs-- > 0) return Promise.reject(new Error("bug"));
        return Promise.resolve();
      })],
    }),
    { queue, log },
  );
  await queue.whenIdle();
  // The bug's redelivery waits out the queue's backoff.
  while (attempts.length < 4) await new Promise((r) => setTimeout(r, 10));
  await queue.whenIdle();
  await running.stop();
  assert.deepEqual(attempts, [[1, 2], [1, 2], [1, 2], [1, 2]]);
  assert.equal(log.lines.filter((l) => l.msg === "work failed; retrying").length, 2);
});

Deno.test("worker: tombstones reach a handler that accepts them as null values", async () => {
  const queue = await setup(["7", null]);
  const seen: (number | null)[] = [];
  const running = await startWorker(
    worker({
      consumes: [consume({
        topic: "in",
        decode: decodeNumber,
        tombstones: true,
        handle: (ms) => (seen.push(...ms.map((m) => m.value)), Promise.resolve()),
      })],
    }),
    { queue, log: recordingLogger() },
  );
  await queue.whenIdle();
  await running.stop();
  assert.deepEqual(seen, [7, null]);
});

Deno.test("worker: redeliverFrom commits what came before and hands the rest over at its time", async () => {
  const queue = await setup(["1", "2", "3"]);
  const seen: { values: number[]; at: number }[] = [];
  let due = 0;
  const running = await startWorker(
    worker({
      chunkSize: 10,
      consumes: [numbersIn((ms, ctx) => {
        seen.push({ values: ms.map((m) => m.value), at: Date.now() });
        if (due === 0) {
          due = Date.now() + 200;
          ctx.redeliverFrom(ms[1]!.offset, due);
        }
        return Promise.resolve();
      })],
    }),
    { queue, log: recordingLogger() },
  );
  await queue.whenIdle();
  assert.deepEqual(seen.map((s) => s.values), [[1, 2, 3]]);
  while (seen.length < 2) await new Promise((r) => setTimeout(r, 10));
  await running.stop();
  assert.deepEqual(seen[1]!.values, [2, 3]);
  assert.ok(seen[1]!.at >= due);
});

/** A worker over topic "in" recording each batch it is handed; `handled` resolves on the first. */
async function batchRecorder(
  queue: InProcessQueue,
  batchWindowMs?: number,
  batchWindowUntilRate?: number,
) {
  const batches: number[][] = [];
  let firstHandled!: () => void;
  const handled = new Promise<void>((r) => (firstHandled = r));
  const running = await startWorker(
    worker({
      chunkSize: 10,
      consumes: [numbersIn((ms) => {
        batches.push(ms.map((m) => m.value));
        firstHandled();
        return Promise.resolve();
      })],
    }),
    { queue, log: recordingLogger() },
    { batchWindowMs, batchWindowUntilRate },
  );
  return { batches, handled, running };
}

for (
  const [windowMs, expected] of [[0, [[1, 2], [3], [4]]], [300, [[1, 2], [3, 4]]]] as const
) {
  Deno.test(
    `worker: with a batch window of ${windowMs} ms, messages sent one by one while a batch is handled come ${
      windowMs ? "together in the next" : "one batch each"
    }`,
    async () => {
      // Two messages: a batch in company, which a window holds.
      const queue = await setup(["1", "2"]);
      const { batches, handled, running } = await batchRecorder(queue, windowMs);
      await handled;
      const publisher = queue.publisher();
      await publisher.send({ topic: "in", messages: [{ key: "k", value: "3" }] });
      // Without a window, the second batch is handed over before the fourth message is sent.
      while (!windowMs && batches.length < 2) await new Promise((r) => setTimeout(r, 5));
      await publisher.send({ topic: "in", messages: [{ key: "k", value: "4" }] });
      await queue.whenIdle();
      await running.stop();
      assert.deepEqual(batches, expected);
    },
  );
}

Deno.test("worker: a batch window does not hold a message that came alone", async () => {
  // One caller sending its next message once the last was handled: with a ten-minute window,
  // a hold would keep the second message from being handled until the test gives up.
  const queue = await setup(["1"]);
  const { batches, handled, running } = await batchRecorder(queue, 600_000);
  try {
    await handled;
    await queue.publisher().send({ topic: "in", messages: [{ key: "k", value: "2" }] });
    const giveUp = Date.now() + 10_000;
    while (batches.length < 2 && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 5));
    assert.deepEqual(batches, [[1], [2]], "handled at once, not held");
  } finally {
    await running.stop();
  }
});

for (
  const [rate, expected, name] of [
    [3, [[1, 2], [3, 4]], "still holds while fewer messages than its rate came in the last second"],
    [2, [[1, 2], [3], [4]], "holds nothing once its rate of messages came in the last second"],
  ] as const
) {
  Deno.test(
    `worker: a batch window ${name}`,
    async () => {
      const queue = await setup(["1", "2"]);
      const { batches, handled, running } = await batchRecorder(queue, 300, rate);
      await handled;
      const publisher = queue.publisher();
      await publisher.send({ topic: "in", messages: [{ key: "k", value: "3" }] });
      // Not held, the batch of 3 is handed over before 4 is sent.
      while (rate === 2 && batches.length < 2) await new Promise((r) => setTimeout(r, 5));
      await publisher.send({ topic: "in", messages: [{ key: "k", value: "4" }] });
      await queue.whenIdle();
      await running.stop();
      assert.deepEqual(batches, expected);
    },
  );
}

Deno.test("worker: stopping does not wait out a batch window", async () => {
  // Two messages: a batch in company, which the window holds.
  const queue = await setup(["1", "2"]);
  const { handled, running } = await batchRecorder(queue, 600_000);
  await handled;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const first = await Promise.race([
    running.stop().then(() => "stopped"),
    new Promise((r) => (timer = setTimeout(() => r("still holding"), 5_000))),
  ]);
  clearTimeout(timer);
  assert.equal(first, "stopped");
});

Deno.test("worker: one group consumes several topics, each with its own handler", async () => {
  const queue = new InProcessQueue();
  await queue.ensureTopics([{ topic: "a", numPartitions: 2 }, { topic: "b", numPartitions: 2 }]);
  const publisher = queue.publisher();
  await publisher.send({ topic: "a", messages: [{ key: "x", value: "1" }] });
  await publisher.send({ topic: "b", messages: [{ key: "x", value: "2" }] });
  const seen: string[] = [];
  const on = (topic: string) =>
    consume({
      topic,
      decode: decodeNumber,
      handle: (ms) => (seen.push(`${topic}:${ms[0]!.value}`), Promise.resolve()),
    });
  const running = await startWorker(worker({ consumes: [on("a"), on("b")] }), {
    queue,
    log: recordingLogger(),
  });
  await queue.whenIdle();
  await running.stop();
  assert.deepEqual(seen.sort(), ["a:1", "b:2"]);
});

Deno.test("worker: a worker declared gathering subscribes as one, the others do not", async () => {
  for (const gather of [true, undefined]) {
    const queue = await setup(["1"]);
    const asked: (boolean | undefined)[] = [];
    const subscribe = queue.subscribe.bind(queue);
    queue.subscribe = (opts, handler) => (asked.push(opts.gather), subscribe(opts, handler));
    const running = await startWorker(
      worker({ consumes: [numbersIn(() => Promise.resolve())], gather }),
      { queue, log: recordingLogger() },
    );
    await queue.whenIdle();
    await running.stop();
    assert.deepEqual(asked, [gather]);
  }
});

Deno.test("defineWorker refuses a topic declared twice, or no topic, or a zero chunk", () => {
  const c = consume({ topic: "t", decode: decodeNumber, handle: () => Promise.resolve() });
  assert.throws(() => worker({ consumes: [c, c] }), /declares a topic twice/);
  assert.throws(() => worker({ consumes: [] }), /consumes no topic/);
  assert.throws(() => worker({ consumes: [c], chunkSize: 0 }), /at least 1/);
});

Deno.test("keepingAlive heartbeats while the work runs, and stops once it settles", async () => {
  let beats = 0;
  const ctx = { heartbeat: () => Promise.resolve(void beats++) };
  const slow = new Promise<string>((r) => setTimeout(() => r("done"), 120));
  assert.equal(await keepingAlive(ctx, slow, 20), "done");
  const seen = beats;
  assert.ok(seen >= 3, `heartbeats while waiting: ${seen}`);
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(beats, seen, "no heartbeat after the work settled");

  const failing = Promise.reject(new Error("boom"));
  await assert.rejects(keepingAlive(ctx, failing, 20), /boom/);
  const failingCtx = { heartbeat: () => Promise.reject(new Error("rebalancing")) };
  const late = new Promise<number>((r) => setTimeout(() => r(1), 60));
  assert.equal(
    await keepingAlive(failingCtx, late, 10),
    1,
    "a failed heartbeat does not fail the work",
  );
});
