/**
 * A service's queue on Kafka as every `main.ts` wants it: a client named for the service
 * that logs through the service's logger, and a queue that refuses any topic the topology
 * does not declare under the names the configuration gives.
 * @module
 */
import type { Logger } from "@hire/log";
import { guardTopics, type MessageQueue } from "@hire/queue";
import { declaredTopicsOnly, type TopicNames } from "@hire/topology";
import type { RetryRung } from "@hire/webhooks";
import type { Kafka, RetryOptions } from "kafkajs";
import { createKafka } from "./client.ts";
import { createKafkaQueue } from "./queue.ts";

/** What a service's configuration holds that its queue needs. */
export type ServiceQueueConfig = Partial<TopicNames> & {
  KAFKA_BROKERS: string[];
  KAFKA_CLIENT_ID: string;
  /** The delivery service's rungs: their topics are declared only where they are used. */
  WEBHOOK_RETRY_SCHEDULE?: readonly RetryRung[];
};

/** The service's Kafka client (`<KAFKA_CLIENT_ID>-<service>`) and its guarded queue. */
export function serviceQueue(
  cfg: ServiceQueueConfig,
  opts: { service: string; log: Logger; retry?: RetryOptions },
): { kafka: Kafka; queue: MessageQueue } {
  const kafka = createKafka({
    brokers: cfg.KAFKA_BROKERS,
    clientId: `${cfg.KAFKA_CLIENT_ID}-${opts.service}`,
    logger: opts.log,
    retry: opts.retry,
  });
  const declared = declaredTopicsOnly(cfg, cfg.WEBHOOK_RETRY_SCHEDULE ?? []);
  return { kafka, queue: guardTopics(createKafkaQueue(kafka), declared) };
}
