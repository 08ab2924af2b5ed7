/**
 * A queue that checks every topic it is asked to produce to or consume from, so a topic
 * nobody declared fails at once (with the topology's `assertDeclared` as the check)
 * instead of quietly creating traffic no document describes.
 * @module
 */
import type { MessageQueue } from "./port.ts";

/** `queue`, with `check` (which throws to refuse) run on each produce and subscribe. */
export function guardTopics(queue: MessageQueue, check: (topic: string) => void): MessageQueue {
  return {
    publisher() {
      const publisher = queue.publisher();
      return {
        ...publisher,
        async send(record) {
          check(record.topic);
          await publisher.send(record);
        },
        async sendBatch(batch) {
          for (const t of batch.topicMessages) check(t.topic);
          await publisher.sendBatch(batch);
        },
      };
    },
    async subscribe(opts, handler) {
      for (const topic of opts.topics) check(topic);
      return await queue.subscribe(opts, handler);
    },
    ensureTopics: (topics) => queue.ensureTopics(topics),
  };
}
