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
import { type PartitionOffset, pendingOffsets } from "./pending_offsets.ts";
import { createPublisher } from "./publisher.ts";
import { ensureTopics } from "./topics.ts";

/** kafkajs's default, for subscriptions that do not say. */
const SESSION_TIMEOUT_MS = 30_000;

/**
 * How often handled offsets are committed. A crash redelivers what was handled since (as it
 * always could redeliver the batch in flight), which every worker takes as a no-op.
 */
const COMMIT_INTERVAL_MS = 100;

/** The longest a fetch waits on the broker when there is nothing (or, gathering, too little). */
const FETCH_WAIT_MS = 100;

/**
 * What a gathering fetch waits to fill (`SubscribeOptions.gather`): more than any trickle brings
 * in {@link FETCH_WAIT_MS} (this system's messages are a few hundred bytes), less than a backlog
 * holds, so a backlog is answered at once.
 */
const GATHER_MIN_BYTES = 64 * 1024;

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
    // Unless gathering, the broker answers as soon as there is data, and the wait only bounds
    // an idle fetch. A member woken for every message of a trickle cost itself about 1.2 ms of
    // CPU a message on a slow machine and 0.5 ms when gathering, and gathering took about a
    // third off the broker's CPU (docs/performance.md, "Fetches that gather").
    minBytes: opts.gather ? GATHER_MIN_BYTES : 1,
    maxWaitTimeInMs: FETCH_WAIT_MS,
    sessionTimeout,
    heartbeatInterval: Math.floor(sessionTimeout / 10),
  });
  const pending = pendingOffsets();
  const joined = new Promise<void>((resolve) =>
    consumer.on(consumer.events.GROUP_JOIN, () => {
      // Partitions may have moved: committing for one we lost could rewind its new owner.
      pending.clear();
      resolve();
    })
  );
  await consumer.connect();
  await consumer.subscribe({ topics: [...opts.topics], fromBeginning: true });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  // A failed commit (a rebalance, a broker outage) is not retried: what it held is
  // redelivered, or committed by a later one.
  const commitPending = async () => {
    const offsets = pending.take();
    if (offsets.length) await consumer.commitOffsets(offsets).catch(() => {});
  };
  const committer = setInterval(commitPending, COMMIT_INTERVAL_MS);
  await consumer.run({
    partitionsConsumedConcurrently: opts.concurrency,
    autoCommit: false,
    // Only what a handler committed is done: a handler that stops early (the consumer is
    // stopping, a retry is not due) leaves the rest to be delivered again.
    eachBatchAutoResolve: false,
    eachBatch: async (
      { batch, resolveOffset, heartbeat, isRunning, isStale, pause, commitOffsetsIfNecessary },
    ) => {
      await handler({
        topic: batch.topic,
        partition: batch.partition,
        messages: batch.messages.map(received),
      }, {
        commit(offset) {
          resolveOffset(offset);
          pending.handled(batch.topic, batch.partition, offset);
        },
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
      });
      // Stopping: the interval's commits no longer run, so the last batches commit here.
      if (!isRunning()) {
        const offsets = pending.take();
        if (offsets.length) await commitOffsetsIfNecessary({ topics: byTopic(offsets) });
      }
    },
  });
  return {
    joined,
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      clearInterval(committer);
      await commitPending();
      await consumer.disconnect();
    },
  };
}

/** Offsets grouped as kafkajs's commit of explicit offsets takes them. */
function byTopic(offsets: readonly PartitionOffset[]) {
  const topics = new Map<string, { partition: number; offset: string }[]>();
  for (const { topic, partition, offset } of offsets) {
    topics.set(topic, [...(topics.get(topic) ?? []), { partition, offset }]);
  }
  return [...topics].map(([topic, partitions]) => ({ topic, partitions }));
}
