import assert from "node:assert/strict";
import { guardTopics } from "./guard.ts";
import { InProcessQueue } from "./in_process.ts";

Deno.test("guardTopics refuses an undeclared topic on send, sendBatch and subscribe, and passes the rest", async () => {
  const inner = new InProcessQueue();
  await inner.ensureTopics([{ topic: "declared", numPartitions: 1 }, {
    topic: "stray",
    numPartitions: 1,
  }]);
  const queue = guardTopics(inner, (topic) => {
    if (topic !== "declared") throw new Error(`undeclared: ${topic}`);
  });
  const publisher = queue.publisher();
  await publisher.send({ topic: "declared", messages: [{ key: "k", value: "v" }] });
  await assert.rejects(publisher.send({ topic: "stray", messages: [] }), /undeclared: stray/);
  await assert.rejects(
    publisher.sendBatch({
      topicMessages: [{ topic: "declared", messages: [] }, { topic: "stray", messages: [] }],
    }),
    /undeclared: stray/,
  );
  await assert.rejects(
    queue.subscribe({ group: "g", topics: ["stray"], concurrency: 1 }, () => Promise.resolve()),
    /undeclared: stray/,
  );
  assert.equal(inner.messages("declared").flat().length, 1);
  assert.equal(inner.messages("stray").flat().length, 0, "nothing of a refused batch was sent");
  assert.ok((await publisher.existingTopics()).has("stray"), "other calls pass through");
});
