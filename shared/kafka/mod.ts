/**
 * The Kafka adapter of the queue port (`@hire/queue`), and the only folder that imports
 * the Kafka client: clients, the publisher, consumer groups, the readiness probe, and
 * topic creation.
 * @module
 */
export { createKafka, FAST_FAIL_RETRY, type KafkaOptions } from "./client.ts";
export { createKafkaProbe, type KafkaProbe } from "./probe.ts";
export { createPublisher } from "./publisher.ts";
export { createKafkaQueue } from "./queue.ts";
export { serviceQueue, type ServiceQueueConfig } from "./service_queue.ts";
export { ensureTopics, type TopicSpec } from "./topics.ts";
// The client's types and enums, for tools and tests that manage topics and groups directly.
export { type Admin, ConfigResourceTypes, type Kafka } from "kafkajs";
