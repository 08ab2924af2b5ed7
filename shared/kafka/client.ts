/**
 * Kafka clients with the settings this system relies on.
 * @module
 */
import { Kafka, logLevel, Partitioners, type Producer } from "kafkajs";
import type { Logger } from "@hire/log";

/** Options for {@link createKafka}. */
export interface KafkaOptions {
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /** Milliseconds to wait for a broker connection. */
  connectionTimeout?: number;
  /** Milliseconds to wait for a broker's answer. */
  requestTimeout?: number;
}

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
    logLevel: logLevel.WARN,
    logCreator: () => ({ namespace, level, log }) => {
      if (!logger) return;
      const { message, ...extra } = log;
      logger[LEVELS[level] ?? "info"](`kafka: ${message}`, { namespace, ...extra });
    },
  });
}

/**
 * A producer for request paths: fails within seconds when the broker is unreachable so
 * the caller can answer 503, instead of kafkajs's default of retrying for minutes.
 * Delivery is acks=all; duplicates from a retry are harmless because every consumer
 * deduplicates by command or event id.
 */
export function createFastFailProducer(kafka: Kafka): Producer {
  return kafka.producer({
    allowAutoTopicCreation: false,
    // Murmur2, as the Java client: keys land on the same partitions for every producer.
    createPartitioner: Partitioners.DefaultPartitioner,
    retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1000 },
  });
}
