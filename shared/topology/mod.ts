/**
 * The topology, declared once: every Kafka topic with its name and the variable that
 * overrides it, partitions, configuration, key, zod schema, producers, consumer groups and
 * visibility. Configuration defaults, topic creation, test stacks' names, the check on every
 * produce and subscribe, and the AsyncAPI documents (`deno task asyncapi`) all come from it.
 * @module
 */
export type {
  Consumer,
  ConsumerGroup,
  MessageDeclaration,
  MessageExample,
  NamedSchema,
  OutsideParty,
  Producer,
  ServiceName,
  TopicConfig,
  TopicDeclaration,
  Visibility,
} from "./declaration.ts";
export { TOPICS, type TopicVar } from "./topology.ts";
export { exampleJobEvent } from "./topics/jobs_events.ts";
export { GROUPS } from "./groups.ts";
export {
  DEFAULT_TOPIC_NAMES,
  groupEnv,
  type GroupIds,
  type GroupVar,
  topicEnv,
  type TopicNames,
  uniqueGroupIds,
  uniqueTopicNames,
} from "./names.ts";
export { DEFAULT_RUNGS, DEFAULT_TOPIC_SPECS, type TopicSpecOptions, topicSpecs } from "./specs.ts";
export {
  assertDeclared,
  declaredTopicNames,
  declaredTopicsOnly,
  UndeclaredTopicError,
} from "./declared.ts";
