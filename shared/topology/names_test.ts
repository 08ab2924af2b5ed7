import { parseConfig } from "@hire/config";
import assert from "node:assert/strict";
import { z } from "zod";
import {
  DEFAULT_TOPIC_NAMES,
  groupEnv,
  topicEnv,
  uniqueGroupIds,
  uniqueTopicNames,
} from "./names.ts";

// The names every deployment has today: the declarations must keep them.
const DEPLOYED_TOPIC_NAMES = {
  TOPIC_JOBS_COMMANDS: "jobs.commands",
  TOPIC_JOBS_EVENTS: "jobs.events.v1",
  TOPIC_JOBS_CHANGED: "jobs.changed",
  TOPIC_EMBEDDINGS_READY: "embeddings.ready",
  TOPIC_SEEKERS: "seekers.v1",
  TOPIC_WEBHOOKS_RETRY_PREFIX: "webhooks.retry",
  TOPIC_WEBHOOKS_DEAD: "webhooks.dead",
};
const DEPLOYED_GROUP_IDS = {
  JOB_GROUP_ID: "job-service",
  EMBEDDING_GROUP_ID: "embedding-service",
  MATCHING_GROUP_ID: "matching-service",
  DELIVERY_GROUP_ID: "delivery",
  DELIVERY_LADDER_GROUP_ID: "delivery-ladder",
};

Deno.test("topicEnv and groupEnv default to the names deployments have", () => {
  const schema = z.object({ ...topicEnv, ...groupEnv });
  assert.deepEqual(parseConfig(schema, {}), { ...DEPLOYED_TOPIC_NAMES, ...DEPLOYED_GROUP_IDS });
  assert.deepEqual(DEFAULT_TOPIC_NAMES, DEPLOYED_TOPIC_NAMES);
});

Deno.test("topicEnv keeps a name that is set and refuses an empty one", () => {
  const schema = z.object(topicEnv);
  const cfg = parseConfig(schema, { TOPIC_JOBS_COMMANDS: "test.jobs.commands" });
  assert.equal(cfg.TOPIC_JOBS_COMMANDS, "test.jobs.commands");
  assert.equal(cfg.TOPIC_JOBS_EVENTS, "jobs.events.v1");
  assert.throws(() => parseConfig(schema, { TOPIC_SEEKERS: "" }), /TOPIC_SEEKERS/);
});

Deno.test("uniqueTopicNames and uniqueGroupIds rename every topic and group as told", () => {
  const unique = (name: string) => `test.${name}.x1`;
  assert.deepEqual(
    uniqueTopicNames(unique),
    Object.fromEntries(Object.entries(DEPLOYED_TOPIC_NAMES).map(([k, v]) => [k, unique(v)])),
  );
  assert.deepEqual(
    uniqueGroupIds(unique),
    Object.fromEntries(Object.entries(DEPLOYED_GROUP_IDS).map(([k, v]) => [k, unique(v)])),
  );
});
