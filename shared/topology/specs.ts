/**
 * What creating the topics needs: each topic's name, partitions and configuration, from the
 * declarations and the names in force.
 * @module
 */
import type { TopicSpec } from "@hire/queue";
import {
  DEFAULT_RETRY_SCHEDULE,
  parseRetrySchedule,
  type RetryRung,
  retryTopic,
} from "@hire/webhooks";
import { DEFAULT_TOPIC_NAMES, type TopicNames } from "./names.ts";
import { TOPICS } from "./topology.ts";

/** Options of {@link topicSpecs}. */
export interface TopicSpecOptions {
  /** Instead of the declared counts, e.g. fewer for a test stack's throwaway topics. */
  numPartitions?: number;
}

/**
 * The topics named in `names` (a service passes only those it creates), with a family
 * expanded to one topic per rung of `schedule`, in the declarations' order.
 */
export function topicSpecs(
  names: Partial<TopicNames>,
  schedule: readonly RetryRung[],
  opts: TopicSpecOptions = {},
): TopicSpec[] {
  return TOPICS.flatMap((t) => {
    const name = names[t.env];
    if (name === undefined) return [];
    const spec = (topic: string) => ({
      topic,
      numPartitions: opts.numPartitions ?? t.partitions,
      config: { ...t.config(schedule) },
    });
    return t.perRetryRung ? schedule.map((r) => spec(retryTopic(r, name))) : [spec(name)];
  });
}

/** The rungs of the default `WEBHOOK_RETRY_SCHEDULE`. */
export const DEFAULT_RUNGS: readonly RetryRung[] = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE);

/**
 * Every topic under its default name, with the default ladder: what `deno task topics` and
 * the local bootstrap create.
 */
export const DEFAULT_TOPIC_SPECS: readonly TopicSpec[] = topicSpecs(
  DEFAULT_TOPIC_NAMES,
  DEFAULT_RUNGS,
);
