/**
 * Kafka: clients, the publisher, and the topic registry.
 * @module
 */
export {
  createKafka,
  createPublisher,
  FAST_FAIL_RETRY,
  type KafkaOptions,
  type Publisher,
} from "./client.ts";
export { combiner } from "./combiner.ts";
export { decodeOrSkip } from "./decode_or_skip.ts";
export { connectGroupConsumer } from "./group_consumer.ts";
export { retryWhile, type RetryWhileOptions } from "./retry_while.ts";
export { DEFAULT_TOPICS, ensureTopics, type TopicSpec } from "./topics.ts";
