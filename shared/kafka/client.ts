/**
 * Kafka clients with the settings this system relies on.
 * @module
 */
import {
  type Admin,
  Kafka,
  logLevel,
  Partitioners,
  type ProducerBatch,
  type ProducerRecord,
  type RetryOptions,
} from "kafkajs";
import type { Logger } from "@hire/log";
import { combiner } from "./combiner.ts";

/** Options for {@link createKafka}. */
export interface KafkaOptions {
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /** Milliseconds to wait for a broker connection. */
  connectionTimeout?: number;
  /** Milliseconds to wait for a broker's answer. */
  requestTimeout?: number;
  /** Retries of connections and requests; kafkajs's default retries for seconds. */
  retry?: RetryOptions;
}

/**
 * For request paths: give up within about a second when the broker is unreachable, so the
 * caller can answer 503 instead of holding the request.
 */
export const FAST_FAIL_RETRY: RetryOptions = {
  retries: 2,
  initialRetryTime: 100,
  maxRetryTime: 1000,
};

const LEVELS: Record<number, "error" | "warn" | "info" | "debug"> = {
  [logLevel.ERROR]: "error",
  [logLevel.WARN]: "warn",
  [logLevel.INFO]: "info",
  [logLevel.DEBUG]: "debug",
};

/** A kafkajs client whose logs go through our structured logger. */
export function createKafka(opts: KafkaOptions): Kafka {
  const logger = opts.logger;
  return new Kafka({
    brokers: opts.brokers,
    clientId: opts.clientId,
    connectionTimeout: opts.connectionTimeout ?? 3000,
    requestTimeout: opts.requestTimeout ?? 10000,
    retry: opts.retry,
    logLevel: logLevel.WARN,
    logCreator: () => ({ namespace, level, log }) => {
      if (!logger) return;
      const { message, ...extra } = log;
      logger[LEVELS[level] ?? "info"](`kafka: ${message}`, { namespace, ...extra });
    },
  });
}

/** Publishes to Kafka, connecting on first use and again after any failed connection. */
export interface Publisher {
  /**
   * Sends one record. Records sent while an earlier request is on the wire are combined
   * into the next produce request, so a busy edge makes a few large requests instead of
   * many small ones, and a quiet one adds no delay.
   */
  send(record: ProducerRecord): Promise<void>;
  /** Sends a batch as one request, in order, outside the combining queue. */
  sendBatch(batch: ProducerBatch): Promise<void>;
  /** Connects now; resolves false instead of throwing when the broker is unreachable. */
  connect(): Promise<boolean>;
  /**
   * The topics that exist, at most a few seconds old (`fresh`: at most a second): sending
   * to a missing topic fails only after the client's retries, so callers check first.
   */
  existingTopics(opts?: { fresh?: boolean }): Promise<Set<string>>;
  disconnect(): Promise<void>;
}

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
  const sendCombined = combiner<ProducerRecord>(async (records) => {
    const byTopic = new Map<string, ProducerRecord["messages"]>();
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
      })();
      topics = { at: Date.now(), names };
      names.catch(() => (topics = undefined));
    }
    return topics.names;
  };

  return {
    send: (record) => sendCombined([record]),
    async sendBatch(batch) {
      await ensureConnected();
      await producer.sendBatch({ acks: -1, ...batch });
    },
    connect: () => ensureConnected().then(() => true, () => false),
    existingTopics,
    async disconnect() {
      await admin?.disconnect();
      await producer.disconnect();
    },
  };
}
