/**
 * The queue port: what services need from a message broker, and nothing of any one
 * broker's client. Adapters: Kafka (`@hire/kafka`, the only folder that imports a broker
 * client) and the in-process queue (`InProcessQueue`: tests, no broker).
 * @module
 */

/** A message to publish. Messages with one key go to one partition, in order. */
export interface OutgoingMessage {
  key?: string | null;
  /** `null` is a tombstone: on a compacted topic it deletes the key. */
  value: string | null;
}

/** Messages for one topic. */
export interface TopicMessages {
  topic: string;
  messages: OutgoingMessage[];
}

/** Publishes messages, connecting on first use and again after any failed connection. */
export interface Publisher {
  /**
   * Sends messages. Records sent while an earlier request is on the wire may be combined
   * into the next request, so a busy caller makes a few large requests instead of many
   * small ones, and a quiet one adds no delay.
   */
  send(record: TopicMessages): Promise<void>;
  /** Sends a batch as one request, in order, outside the combining queue. */
  sendBatch(batch: { topicMessages: TopicMessages[] }): Promise<void>;
  /** Connects now; resolves false instead of throwing when the broker is unreachable. */
  connect(): Promise<boolean>;
  /**
   * The topics that exist, at most a few seconds old (`fresh`: at most a second): sending
   * to a missing topic fails only after the client's retries, so callers check first.
   */
  existingTopics(opts?: { fresh?: boolean }): Promise<Set<string>>;
  disconnect(): Promise<void>;
}

/** A message as a consumer receives it. */
export interface ReceivedMessage {
  /** Its position in its partition: a decimal integer, increasing. */
  offset: string;
  key: string | null;
  /** `null` for a tombstone. */
  value: Uint8Array | null;
}

/** Messages of one partition, in order. */
export interface PartitionBatch {
  topic: string;
  partition: number;
  messages: readonly ReceivedMessage[];
}

/** What a batch handler can do with its partition. */
export interface BatchControl {
  /**
   * Marks every message of the partition through `offset` as done: after a restart or a
   * rebalance the group resumes after it. Messages not marked are delivered again then.
   */
  commit(offset: string): void;
  /** Keeps the group membership alive during long work. */
  heartbeat(): Promise<void>;
  /** False once the subscription stops or the partition moved to another member. */
  isRunning(): boolean;
  /**
   * Not due yet: the message at `offset` and the rest of the partition are delivered
   * again at `at` (ms since the epoch), not before, and nothing else of the partition is
   * delivered meanwhile. The handler returns after calling this.
   */
  redeliverAt(offset: string, at: number): void;
}

/** Handles one partition's batch; a rejection has the batch delivered again. */
export type BatchHandler = (batch: PartitionBatch, control: BatchControl) => Promise<void>;

/** A consumer group's subscription. */
export interface SubscribeOptions {
  /**
   * The consumer group. A group's members share the partitions; a new group starts at
   * the oldest message, so nothing published while it was being set up is missed.
   */
  group: string;
  topics: readonly string[];
  /** Partitions handled at once by this member. */
  concurrency: number;
  /** How soon a silent member's partitions move to another (where the broker has members). */
  sessionTimeoutMs?: number;
  /**
   * Background work: the broker may hold a fetch for as long as it waits on an idle one (100
   * ms on Kafka) to gather what arrives meanwhile, instead of answering at the first message,
   * so a trickle comes in batches: fewer wakes of the member and of the broker for each
   * message, for up to that wait of latency. A backlog comes at once, as before. A queue with
   * no broker hands messages over as they come.
   */
  gather?: boolean;
}

/** A running subscription. */
export interface Subscription {
  /** Resolves once the member has joined its group and receives messages. */
  joined: Promise<void>;
  /** Leaves the group after the batches in progress. */
  stop(): Promise<void>;
}

/** A topic to create. */
export interface TopicSpec {
  topic: string;
  numPartitions: number;
  /** Topic-level configuration, e.g. retention. */
  config?: Record<string, string>;
}

/** The queue as services see it. */
export interface MessageQueue {
  /** A new publisher of this queue. */
  publisher(): Publisher;
  /** Subscribes `group` to `topics`; batches of different partitions may run concurrently. */
  subscribe(opts: SubscribeOptions, handler: BatchHandler): Promise<Subscription>;
  /** Creates the topics that do not exist yet; resolves with the names created now. */
  ensureTopics(topics: readonly TopicSpec[]): Promise<string[]>;
}

/** Whether the queue's broker answers now, for a readiness check. */
export interface QueueProbe {
  /** Resolves when the broker answered; rejects otherwise. */
  check(): Promise<void>;
}
