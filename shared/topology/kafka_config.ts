/**
 * Topic configuration values as Kafka takes them (strings).
 * @module
 */
import type { TopicConfig } from "./declaration.ts";

const DAY_MS = 86_400_000;

/** Messages are deleted after `days` days (or `ms` milliseconds, when longer). */
export function retention(days: number, atLeastMs = 0): TopicConfig {
  return { "retention.ms": String(Math.max(days * DAY_MS, atLeastMs)) };
}

/** The latest message per key is kept for good. */
export const COMPACTED: TopicConfig = { "cleanup.policy": "compact" };

/**
 * Partition counts bound how many consumers of a group can work in parallel; 12 divides
 * evenly among 1, 2, 3, 4, 6 or 12 consumers.
 */
export const PARTITIONS = 12;

/** Retention in words, e.g. `retention 30 days` or `compacted`. */
export function configText(config: TopicConfig): string {
  if (config["cleanup.policy"] === "compact") {
    return "compacted (the latest message per key is kept)";
  }
  const days = Number(config["retention.ms"]) / DAY_MS;
  return `retention ${days} ${days === 1 ? "day" : "days"}`;
}
