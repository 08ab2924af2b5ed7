/**
 * The queue port's publisher on Kafka.
 * @module
 */
import { type Admin, type Kafka, Partitioners } from "kafkajs";
import { combiner, type Publisher, type TopicMessages } from "@hire/queue";
import { rethrowAsQueueError } from "./errors.ts";

const TOPICS_CACHE_MS = 5000;

/** Most records combined into one produce request. */
const MAX_COMBINED = 500;

/**
 * A publisher with acks=all. A kafkajs producer whose first connect failed refuses every
 * later send; this one reconnects instead, so a process started while Kafka was down
 * recovers by itself. Duplicates from a retry are harmless: every consumer deduplicates
 * by command or event id.
 */
export function createPublisher(kafka: Kafka): Publisher {
  const producer = kafka.producer({
    allowAutoTopicCreation: false,
    // Murmur2, as the Java client: keys land on the same partitions for every producer.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  let connected = false;
  let connecting: Promise<void> | undefined;
  producer.on(producer.events.CONNECT, () => (connected = true));
  producer.on(producer.events.DISCONNECT, () => (connected = false));

  const ensureConnected = (): Promise<void> => {
    if (connected) return Promise.resolve();
    connecting ??= producer.connect().finally(() => (connecting = undefined));
    return connecting;
  };

  // One combined request on the wire at a time keeps per-key order across requests.
  const sendCombined = combiner<TopicMessages>(async (records) => {
    const byTopic = new Map<string, TopicMessages["messages"]>();
    for (const r of records) byTopic.set(r.topic, [...(byTopic.get(r.topic) ?? []), ...r.messages]);
    await ensureConnected();
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }, { maxItems: MAX_COMBINED });

  let admin: Admin | undefined;
  let topics: { at: number; names: Promise<Set<string>> } | undefined;
  const existingTopics = (opts: { fresh?: boolean } = {}): Promise<Set<string>> => {
    const maxAge = opts.fresh ? 1000 : TOPICS_CACHE_MS;
    if (!topics || Date.now() - topics.at > maxAge) {
      const names = (async () => {
        admin ??= kafka.admin();
        await admin.connect();
        return new Set(await admin.listTopics());
      })().catch(rethrowAsQueueError);
      topics = { at: Date.now(), names };
      names.catch(() => (topics = undefined));
    }
    return topics.names;
  };

  return {
    send: (record) => sendCombined([record]).catch(rethrowAsQueueError),
    async sendBatch(batch) {
      try {
        await ensureConnected();
        await producer.sendBatch({ acks: -1, ...batch });
      } catch (err) {
        rethrowAsQueueError(err);
      }
    },
    connect: () => ensureConnected().then(() => true, () => false),
    existingTopics,
    async disconnect() {
      await admin?.disconnect();
      await producer.disconnect();
    },
  };
}
