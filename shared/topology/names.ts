/**
 * Names of topics and consumer groups: the variables that override them, their defaults,
 * and unique names for test stacks, all read from the declarations.
 * @module
 */
import { z } from "zod";
import { GROUPS } from "./groups.ts";
import { TOPICS, type TopicVar } from "./topology.ts";

/** A variable that names a consumer group, e.g. `JOB_GROUP_ID`. */
export type GroupVar = typeof GROUPS[keyof typeof GROUPS]["env"];

/** Every topic's name (a family's prefix) by its variable: the shape of the overrides. */
export type TopicNames = Record<TopicVar, string>;

/** Every consumer group's id by its variable. */
export type GroupIds = Record<GroupVar, string>;

type NameVar = z.ZodDefault<z.ZodString>;
const nameVar = (def: string): NameVar => z.string().min(1).default(def);

/**
 * Topic-name variables for a service's configuration schema; tests override them to get
 * topics of their own. Rung topics are `<TOPIC_WEBHOOKS_RETRY_PREFIX>.<delay>`, one per
 * entry of `WEBHOOK_RETRY_SCHEDULE`.
 */
export const topicEnv = Object.fromEntries(
  TOPICS.map((t) => [t.env, nameVar(t.name)]),
) as Record<TopicVar, NameVar>;

/** Consumer-group variables for a service's configuration schema. */
export const groupEnv = Object.fromEntries(
  Object.values(GROUPS).map((g) => [g.env, nameVar(g.default)]),
) as Record<GroupVar, NameVar>;

/** The names every topic has when no variable overrides them. */
export const DEFAULT_TOPIC_NAMES: TopicNames = uniqueTopicNames((name) => name);

/** Every topic renamed by `unique` (given the default name), e.g. for a test stack. */
export function uniqueTopicNames(unique: (name: string) => string): TopicNames {
  return Object.fromEntries(TOPICS.map((t) => [t.env, unique(t.name)])) as TopicNames;
}

/** Every consumer group renamed by `unique` (given the default id), e.g. for a test stack. */
export function uniqueGroupIds(unique: (id: string) => string): GroupIds {
  return Object.fromEntries(
    Object.values(GROUPS).map((g) => [g.env, unique(g.default)]),
  ) as GroupIds;
}
