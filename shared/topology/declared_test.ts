import { parseRetrySchedule } from "@hire/webhooks";
import assert from "node:assert/strict";
import { assertDeclared, declaredTopicNames, UndeclaredTopicError } from "./declared.ts";
import { uniqueTopicNames } from "./names.ts";

const names = uniqueTopicNames((name) => `test.${name}.a1`);
const declared = declaredTopicNames(names, parseRetrySchedule("1s,5s"));

Deno.test("declaredTopicNames holds every topic under the names in force, rungs included", () => {
  assert.deepEqual([...declared].sort(), [
    "test.embeddings.ready.a1",
    "test.jobs.changed.a1",
    "test.jobs.commands.a1",
    "test.jobs.events.v1.a1",
    "test.seekers.v1.a1",
    "test.webhooks.dead.a1",
    "test.webhooks.retry.a1.1s",
    "test.webhooks.retry.a1.5s",
  ]);
});

Deno.test("assertDeclared passes a declared topic and names an undeclared one", () => {
  assertDeclared("test.jobs.events.v1.a1", declared);
  for (const topic of ["jobs.events.v1", "test.webhooks.retry.a1.30m", "jobs.events.v2"]) {
    assert.throws(
      () => assertDeclared(topic, declared),
      (err: unknown) =>
        err instanceof UndeclaredTopicError && err.topic === topic &&
        err.message.includes(`"${topic}" is not declared`) &&
        err.message.includes("test.jobs.events.v1.a1"),
      topic,
    );
  }
});
