import { encodeJobCommand, encodeJobEvent, type JobCommand, type JobEvent } from "@hire/jobs";
import { type Embedded, embeddedKey } from "@hire/pipeline";
import { encodeSeeker, type Seeker } from "@hire/seekers";
import { type DeadMessage, encodeDead, encodeRetry, type RetryMessage } from "@hire/webhooks";
import assert from "node:assert/strict";
import { z } from "zod";
import type { TopicDeclaration } from "./declaration.ts";
import { TOPICS } from "./topology.ts";
import { EMBEDDINGS_READY } from "./topics/embeddings_ready.ts";
import { JOB_COMMANDS } from "./topics/jobs_commands.ts";
import { JOB_EVENTS } from "./topics/jobs_events.ts";
import { SEEKERS } from "./topics/seekers.ts";
import { WEBHOOKS_DEAD } from "./topics/webhooks_dead.ts";
import { WEBHOOKS_RETRY } from "./topics/webhooks_retry.ts";
import { variantNames } from "./variant.ts";

const topics: readonly TopicDeclaration[] = TOPICS;

const valueAt = (value: unknown, path: string): unknown =>
  path.split(".").reduce((v, step) => (v as Record<string, unknown>)?.[step], value);

Deno.test("every topic's name, variable and channel, and every message id, is declared once", () => {
  const picks: ((t: TopicDeclaration) => string)[] = [
    (t) => t.name,
    (t) => t.env,
    (t) => t.channel,
  ];
  for (const pick of picks) {
    const values = topics.map(pick);
    assert.equal(new Set(values).size, values.length, values.join());
  }
  const ids = topics.flatMap((t) => t.messages.map((m) => m.id));
  assert.equal(new Set(ids).size, ids.length, ids.join());
});

Deno.test("a topic's messages are exactly the members of its value's union", () => {
  for (const t of topics) {
    if (t.value instanceof z.ZodDiscriminatedUnion) {
      assert.deepEqual(
        t.messages.map((m) => m.name),
        variantNames(t.value as Parameters<typeof variantNames>[0]),
        t.name,
      );
    } else {
      assert.equal(t.messages.length, 1, t.name);
      assert.equal(t.messages[0]!.schema, t.value, t.name);
    }
  }
});

Deno.test("every message has a writer, and producers write only the topic's messages", () => {
  for (const t of topics) {
    const written = new Set(t.producers.flatMap((p) => p.writes));
    const outsideWrites = (t.outside ?? []).some((o) => o.does === "writes");
    for (const m of t.messages) assert.ok(written.has(m.name) || outsideWrites, m.name);
    const names = new Set(t.messages.map((m) => m.name));
    for (const name of written) assert.ok(names.has(name), `${t.name}: ${name}`);
  }
});

Deno.test("only versioned topics are public", () => {
  for (const t of topics) {
    assert.equal(t.visibility === "public", /\.v[0-9]+$/.test(t.name), t.name);
  }
});

Deno.test("every example decodes with its topic's schema and its key matches the key schema", () => {
  for (const t of topics) {
    for (const m of t.messages) {
      assert.ok(m.examples.length > 0, `${m.id} has no example`);
      for (const { name, payload } of m.examples) {
        t.value.parse(payload);
        m.schema.parse(payload);
        const key = valueAt(payload, m.key.field);
        assert.equal(typeof key, "string", `${m.id}/${name}: key ${m.key.field}`);
        m.key.schema.schema.parse(key);
        const pattern = (m.key.schema.schema.meta() as { pattern: string }).pattern;
        assert.match(key as string, new RegExp(pattern), `${m.id}/${name}`);
      }
    }
  }
});

Deno.test("the declared key field is the key the shared encoders give", () => {
  const encoders = new Map<TopicDeclaration, (v: never) => string>([
    [JOB_COMMANDS, (v: JobCommand) => encodeJobCommand(v).key],
    [JOB_EVENTS, (v: JobEvent) => encodeJobEvent(v).key],
    [EMBEDDINGS_READY, (v: Embedded) => embeddedKey(v)],
    [SEEKERS, (v: Seeker) => encodeSeeker(v).key],
    [WEBHOOKS_RETRY, (v: RetryMessage) => encodeRetry(v).key],
    [WEBHOOKS_DEAD, (v: DeadMessage) => encodeDead(v).key],
  ]);
  // jobs.changed has no encoder of its own: the job service writes its outbox row with the
  // job id, which the example test above checks against the key schema.
  for (const [t, key] of encoders) {
    for (const m of t.messages) {
      for (const { payload } of m.examples) {
        assert.equal(key(payload as never), valueAt(payload, m.key.field), m.id);
      }
    }
  }
});
