/**
 * The check that code only produces to and consumes from declared topics. The Kafka adapter
 * runs it on every produce and subscribe, so a test fails on a topic nobody declared.
 * @module
 */
import type { RetryRung } from "@hire/webhooks";
import type { TopicNames } from "./names.ts";
import { topicSpecs } from "./specs.ts";

/** Thrown when code uses a topic that the topology does not declare. */
export class UndeclaredTopicError extends Error {
  constructor(readonly topic: string, declared: ReadonlySet<string>) {
    super(
      `topic "${topic}" is not declared in @hire/topology (shared/topology/topics/); ` +
        `declared under the names in force: ${[...declared].join(", ") || "none"}`,
    );
    this.name = "UndeclaredTopicError";
  }
}

/** The concrete topic names `names` and `schedule` give the declared topics. */
export function declaredTopicNames(
  names: Partial<TopicNames>,
  schedule: readonly RetryRung[],
): ReadonlySet<string> {
  return new Set(topicSpecs(names, schedule).map((s) => s.topic));
}

/** Throws an {@link UndeclaredTopicError} unless `topic` is among `declared`. */
export function assertDeclared(topic: string, declared: ReadonlySet<string>): void {
  if (!declared.has(topic)) throw new UndeclaredTopicError(topic, declared);
}

/**
 * The check a service's queue runs on every topic it produces to or consumes from (with
 * `guardTopics` of `@hire/queue`): the declared topics under the names in force.
 */
export function declaredTopicsOnly(
  names: Partial<TopicNames>,
  schedule: readonly RetryRung[] = [],
): (topic: string) => void {
  const declared = declaredTopicNames(names, schedule);
  return (topic) => assertDeclared(topic, declared);
}
