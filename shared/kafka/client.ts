/**
 * The kafkajs client with the settings this system relies on.
 * @module
 */
import { Kafka, logLevel, type RetryOptions } from "kafkajs";
import type { Logger } from "@hire/log";
import { installPendingCheckFix } from "./pending_check_timer.ts";

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
  installPendingCheckFix();
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
