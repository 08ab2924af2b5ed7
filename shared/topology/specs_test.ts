import { parseRetrySchedule } from "@hire/webhooks";
import assert from "node:assert/strict";
import { DEFAULT_TOPIC_NAMES } from "./names.ts";
import { DEFAULT_TOPIC_SPECS, topicSpecs } from "./specs.ts";

const DAY_MS = 86_400_000;
const days = (n: number) => ({ "retention.ms": String(n * DAY_MS) });

Deno.test("DEFAULT_TOPIC_SPECS are the topics, partitions and retention of every deployment", () => {
  const spec = (topic: string, config: Record<string, string>) => ({
    topic,
    numPartitions: 12,
    config,
  });
  assert.deepEqual(DEFAULT_TOPIC_SPECS, [
    spec("jobs.commands", days(7)),
    spec("jobs.events.v1", days(30)),
    spec("jobs.changed", days(7)),
    spec("embeddings.ready", days(7)),
    spec("seekers.v1", { "cleanup.policy": "compact" }),
    ...["1m", "5m", "30m", "2h", "12h"].map((rung) => spec(`webhooks.retry.${rung}`, days(7))),
    spec("webhooks.dead", days(30)),
  ]);
});

Deno.test("topicSpecs makes only the topics named, under those names", () => {
  const specs = topicSpecs(
    { TOPIC_WEBHOOKS_RETRY_PREFIX: "t.retry", TOPIC_WEBHOOKS_DEAD: "t.dead" },
    parseRetrySchedule("1s,2s"),
    { numPartitions: 3 },
  );
  assert.deepEqual(specs.map((s) => [s.topic, s.numPartitions]), [
    ["t.retry.1s", 3],
    ["t.retry.2s", 3],
    ["t.dead", 3],
  ]);
});

Deno.test("topicSpecs keeps rung messages twice the longest delay when that beats 7 days", () => {
  const [rung] = topicSpecs(
    { TOPIC_WEBHOOKS_RETRY_PREFIX: "webhooks.retry" },
    parseRetrySchedule("1h,100h"),
  );
  assert.deepEqual(rung?.config, { "retention.ms": String(200 * 3_600_000) });
});

Deno.test("topicSpecs gives a family no topic without a schedule", () => {
  assert.deepEqual(topicSpecs(DEFAULT_TOPIC_NAMES, []).map((s) => s.topic), [
    "jobs.commands",
    "jobs.events.v1",
    "jobs.changed",
    "embeddings.ready",
    "seekers.v1",
    "webhooks.dead",
  ]);
});
