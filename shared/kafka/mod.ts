/**
 * Kafka: clients and the topic registry.
 * @module
 */
export { createFastFailProducer, createKafka, type KafkaOptions } from "./client.ts";
export { DEFAULT_TOPICS, ensureTopics, type TopicSpec } from "./topics.ts";
