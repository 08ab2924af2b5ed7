/**
 * The queue port, its in-process adapter, and the worker runtime. The Kafka adapter is
 * `@hire/kafka`; services see only this package's types.
 * @module
 */
export type {
  BatchControl,
  BatchHandler,
  MessageQueue,
  OutgoingMessage,
  PartitionBatch,
  Publisher,
  QueueProbe,
  ReceivedMessage,
  SubscribeOptions,
  Subscription,
  TopicMessages,
  TopicSpec,
} from "./port.ts";
export { isQueueUnavailable, QueueUnavailableError } from "./unavailable.ts";
export { InProcessQueue, type InProcessQueueOptions } from "./in_process.ts";
export {
  consume,
  type Consumption,
  defineWorker,
  type Handler,
  type HandlerContext,
  keepingAlive,
  type RunningWorker,
  startWorker,
  type WorkerDefinition,
  type WorkerDeps,
} from "./worker.ts";
export type { Delivered } from "./decode.ts";
export { type SlidingCount, slidingCount } from "./sliding_count.ts";
export {
  SET_ASIDE_COUNTER,
  type SetAside,
  type SetAsideReason,
  setAsideWhere,
} from "./set_aside.ts";
export { combiner, combinerWithResults } from "./combiner.ts";
export { guardTopics } from "./guard.ts";
export { retryWhile, type RetryWhileOptions } from "./retry_while.ts";
