/**
 * The shape of a topic's declaration: everything the system and its documents need to know
 * about one topic, written once.
 * @module
 */
import type { RetryRung } from "@hire/webhooks";
import type { z } from "zod";

/** A folder under `services/`: who produces or consumes (a test checks each exists). */
export type ServiceName = "admin" | "delivery" | "edge" | "embedding" | "job" | "matching";

/** Public topics are a versioned contract (in their name); internal ones may change. */
export type Visibility = "public" | "internal";

/** Topic-level Kafka configuration, e.g. `retention.ms`. */
export type TopicConfig = Readonly<Record<string, string>>;

/** A consumer group of a service, with the variable that overrides its id. */
export interface ConsumerGroup {
  service: ServiceName;
  env: `${string}_GROUP_ID`;
  default: string;
}

/** A schema with an id of its own in the AsyncAPI document, e.g. `JobId`. */
export interface NamedSchema {
  id: string;
  schema: z.ZodType;
  /** Descriptions of fields (dotted paths, `[]` for array items), for the documents. */
  fields?: Readonly<Record<string, string>>;
}

/** An example value of a message. */
export interface MessageExample {
  name: string;
  summary?: string;
  payload: unknown;
}

/** One kind of message on a topic: one variant of the topic's union, or its only shape. */
export interface MessageDeclaration extends NamedSchema {
  /** The value's `type`, or the message's name when the value has none. */
  name: string;
  title?: string;
  summary: string;
  description?: string;
  /** The key: its schema, and where the value holds it (a dotted path). */
  key: { schema: NamedSchema; field: string };
  examples: readonly MessageExample[];
}

/** A service that writes some of a topic's messages. */
export interface Producer {
  service: ServiceName;
  /** Names of the messages it writes. */
  writes: readonly string[];
  title: string;
  summary?: string;
  description?: string;
}

/** A consumer group that reads every message of a topic. */
export interface Consumer {
  group: ConsumerGroup;
  title: string;
  summary?: string;
  description?: string;
}

/** Everything about one topic (or one family of topics). */
export interface TopicDeclaration {
  /** Its id in the AsyncAPI document, e.g. `jobEvents`. */
  channel: string;
  /** The default name; of a family, the prefix its members share. */
  name: string;
  /** The variable that overrides the name (or the family's prefix). */
  env: `TOPIC_${string}`;
  /**
   * Set for a family: one topic `<name>.<label>` per rung of `WEBHOOK_RETRY_SCHEDULE`, the
   * parameter's description saying what the label is.
   */
  perRetryRung?: { parameter: string; description: string };
  visibility: Visibility;
  partitions: number;
  /** Topic configuration; only rung topics depend on the schedule. */
  config(schedule: readonly RetryRung[]): TopicConfig;
  title: string;
  summary: string;
  /** Prose for readers; the names, key, writers and readers are added from the fields. */
  description: string;
  /** The zod schema of a message value: a union of the messages, or the only message. */
  value: z.ZodType;
  messages: readonly MessageDeclaration[];
  /** Field descriptions shared by every message of the topic. */
  fields?: Readonly<Record<string, string>>;
  /** Schemas the messages share, documented once, e.g. the public job. */
  shared?: readonly NamedSchema[];
  producers: readonly Producer[];
  consumers: readonly Consumer[];
  /** Who else writes or reads the topic. */
  outside?: readonly OutsideParty[];
}

/** A party outside the services that writes or reads a topic, e.g. the data team. */
export interface OutsideParty {
  who: string;
  does: "writes" | "reads";
  /** How, as a phrase, e.g. `with a consumer group of its own`. */
  note?: string;
}

/** Checks a declaration against the shape, keeping the name of its variable as a type. */
export function declareTopic<const Env extends `TOPIC_${string}`>(
  declaration: TopicDeclaration & { env: Env },
): TopicDeclaration & { env: Env } {
  return declaration;
}
