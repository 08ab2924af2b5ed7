/**
 * The queue port on Kafka: consumer groups through kafkajs, with the settings every
 * worker uses.
 * @module
 */
import type { Kafka, KafkaMessage } from "kafkajs";
import type {
  BatchHandler,
  MessageQueue,
  ReceivedMessage,
  SubscribeOptions,
  Subscription,
} from "@hire/queue";
import { createPublisher } from "./publisher.ts";
import { ensureTopics } from "./topics.ts";

/** kafkajs's default, for subscriptions that do not say. */
const SESSION_TIMEOUT_MS = 30_000;

/** The queue on a kafkajs client (which the caller creates and owns). */
export function createKafkaQueue(kafka: Kafka): MessageQueue {
  return {
    publisher: () => createPublisher(kafka),
    subscribe: (opts, handler) => subscribe(kafka, opts, handler),
    async ensureTopics(topics) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        return await ensureTopics(admin, topics);
      } finally {
        await admin.disconnect();
      }
    },
  };
}

const received = (m: KafkaMessage): ReceivedMessage => ({
  offset: m.offset,
  key: m.key === null ? null : m.key.toString(),
  value: m.value,
});

async function subscribe(
  kafka: Kafka,
  opts: SubscribeOptions,
  handler: BatchHandler,
): Promise<Subscription> {
  const sessionTimeout = opts.sessionTimeoutMs ?? SESSION_TIMEOUT_MS;
  const consumer = kafka.consumer({
    groupId: opts.group,
    // The broker answers as soon as there is data; this only bounds an idle fetch.
    maxWaitTimeInMs: 100,
    sessionTimeout,
    heartbeatInterval: Math.floor(sessionTimeout / 10),
  });
  const joined = new Promise<void>((resolve) =>
    consumer.on(consumer.events.GROUP_JOIN, () => resolve())
  );
  await consumer.connect();
  await consumer.subscribe({ topics: [...opts.topics], fromBeginning: true });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  await consumer.run({
    partitionsConsumedConcurrently: opts.concurrency,
    // Only what a handler committed is done: a handler that stops early (the consumer is
    // stopping, a retry is not due) leaves the rest to be delivered again.
    eachBatchAutoResolve: false,
    eachBatch: ({ batch, resolveOffset, heartbeat, isRunning, isStale, pause }) =>
      handler({
        topic: batch.topic,
        partition: batch.partition,
        messages: batch.messages.map(received),
      }, {
        commit: resolveOffset,
        heartbeat,
        // Stale: a seek is pending, so what follows in this batch is not what comes next.
        isRunning: () => isRunning() && !isStale(),
        redeliverAt(offset, at) {
          // kafkajs does not fetch a paused partition's unresolved messages again by itself:
          // seeking back to `offset` makes it the next one read on resume.
          const resume = pause();
          consumer.seek({ topic: batch.topic, partition: batch.partition, offset });
          const timer = setTimeout(() => {
            timers.delete(timer);
            resume();
          }, Math.max(0, at - Date.now()));
          timers.add(timer);
        },
      }),
  });
  return {
    joined,
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await consumer.disconnect();
    },
  };
}
