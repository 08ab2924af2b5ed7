import assert from "node:assert/strict";
import { recordingLogger } from "@hire/log";
import { createRegistry } from "@hire/metrics";
import { InProcessQueue } from "./in_process.ts";
import { SET_ASIDE_COUNTER, setAsideWhere } from "./set_aside.ts";
import { consume, defineWorker, startWorker } from "./worker.ts";

const decodeNumber = (v: Uint8Array | string) =>
  Number(typeof v === "string" ? v : new TextDecoder().decode(v));

Deno.test("setAsideWhere: keeps what nothing is found against, in order; sets the rest aside", () => {
  const setAside: unknown[] = [];
  const kept = setAsideWhere(
    [1, 2, 3, 4].map((value, i) => ({ offset: String(i), key: "k", value })),
    { setAside: (m, why) => void setAside.push([m.offset, why.reason]) },
    (n) => n % 2 ? undefined : { reason: "even" },
  );
  assert.deepEqual(kept.map((m) => m.value), [1, 3]);
  assert.deepEqual(setAside, [["1", "even"], ["3", "even"]]);
});

Deno.test("worker: a message set aside is logged with where it sits and what it names, counted, and committed", async () => {
  const queue = new InProcessQueue({ retryDelayMs: 10 });
  await queue.ensureTopics([{ topic: "in", numPartitions: 1 }]);
  await queue.publisher().sendBatch({
    topicMessages: [{
      topic: "in",
      messages: ["1", "2", "3"].map((value) => ({ key: `k${value}`, value })),
    }],
  });
  const log = recordingLogger();
  const metrics = createRegistry({ labels: { service: "test" } });
  const handled: number[] = [];
  const definition = defineWorker({
    name: "test",
    group: "g",
    produces: [],
    chunkSize: 10,
    concurrency: 1,
    retriable: () => false,
    consumes: [consume({
      topic: "in",
      decode: decodeNumber,
      handle: (messages, ctx) => {
        const kept = setAsideWhere(
          messages,
          ctx,
          (n) => n === 2 ? { reason: "forged", ids: { job_id: "job_2" } } : undefined,
        );
        handled.push(...kept.map((m) => m.value));
        return Promise.resolve();
      },
    })],
  });
  const first = await startWorker(definition, { queue, log, metrics });
  await queue.whenIdle();
  await first.stop();
  assert.deepEqual(handled, [1, 3]);
  assert.deepEqual(log.lines.filter((l) => l.msg === "message set aside").map((l) => l.fields), [
    { job_id: "job_2", topic: "in", partition: 0, offset: "1", key: "k2", reason: "forged" },
  ]);
  assert.equal(metrics.counter(SET_ASIDE_COUNTER).value({ topic: "in", reason: "forged" }), 1);
  assert.match(
    metrics.render(),
    /^hire_messages_set_aside_total\{service="test",topic="in",reason="forged"\} 1$/m,
  );
  // Committed: the group's next member starts after it.
  const second = await startWorker(definition, { queue, log, metrics });
  await queue.whenIdle();
  await second.stop();
  assert.deepEqual(handled, [1, 3]);
});
