import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { createKafka, createPublisher, ensureTopics } from "@hire/kafka";
import { silentLogger } from "@hire/log";
import type { Publisher, TopicMessages } from "@hire/queue";
import { startOutboxFlusher } from "./flusher.ts";
import { writeOutbox } from "./write.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const sql = connect(
  TEST_DATABASE_URL,
  { max: 3 },
);
const kafka = createKafka({
  brokers: (Deno.env.get("KAFKA_BROKERS") ?? "127.0.0.1:9092").split(","),
  clientId: "outbox-test",
});

/** Whether the event is still queued for publishing. */
async function queued(eventId: string): Promise<boolean> {
  const rows = await sql`SELECT 1 FROM outbox_pending q JOIN outbox o USING (topic, seq)
    WHERE o.event_id = ${eventId}`;
  return rows.length > 0;
}

Deno.test("events left in the outbox by a crash are published by the timer, in order, once marked", async () => {
  const topic = `outbox.test.${crypto.randomUUID()}`;
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [{ topic, numPartitions: 1 }]);
  const jobId = newId("job");
  const ids = [newId("evt"), newId("evt"), newId("evt")];
  // What a job service that committed and then crashed before publishing leaves behind.
  for (const id of ids) {
    await writeOutbox(sql, [{ id, key: jobId, topic, value: { id, type: "job.deleted" } }]);
  }
  const publisher = createPublisher(kafka);
  const flusher = startOutboxFlusher({ sql, publisher, log: silentLogger }, {
    topics: [topic],
    intervalMs: 100,
  });
  const consumer = kafka.consumer({ groupId: `outbox-test-${crypto.randomUUID()}` });
  try {
    const seen: { key: string; id: string }[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: ({ message }) => {
        seen.push({ key: message.key!.toString(), id: JSON.parse(message.value!.toString()).id });
        return Promise.resolve();
      },
    });
    const until = Date.now() + 15_000;
    while (seen.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(seen, ids.map((id) => ({ key: jobId, id })));
    const pending = await sql`SELECT 1 FROM outbox_pending q JOIN outbox o USING (topic, seq)
      WHERE o.key = ${jobId}`;
    assert.equal(pending.length, 0);
  } finally {
    await consumer.disconnect();
    await flusher.stop();
    await publisher.disconnect();
    await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  }
});

Deno.test.afterAll(() => sql.end());

/** A publisher that gives up on a refused request after one quick retry, not kafkajs's minutes. */
function fastFailingPublisher(): Publisher {
  return createPublisher(createKafka({
    brokers: (Deno.env.get("KAFKA_BROKERS") ?? "127.0.0.1:9092").split(","),
    clientId: "outbox-test-fast",
    retry: { retries: 1, initialRetryTime: 50, maxRetryTime: 100 },
  }));
}

Deno.test("a topic that cannot be published to holds up no other topic", async () => {
  const topic = `outbox.test.${crypto.randomUUID()}`;
  const missing = `outbox.missing.${crypto.randomUUID()}`;
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [{ topic, numPartitions: 1 }]);
  // The unpublishable row comes first: a flusher that went in seq order would stop on it.
  const stuck = newId("evt");
  const ok = newId("evt");
  await writeOutbox(sql, [
    { id: stuck, key: "k", topic: missing, value: { id: stuck } },
    { id: ok, key: "k", topic, value: { id: ok } },
  ]);
  const publisher = fastFailingPublisher();
  const flusher = startOutboxFlusher({ sql, publisher, log: silentLogger }, {
    topics: [missing, topic],
    intervalMs: 100,
  });
  try {
    const until = Date.now() + 15_000;
    let published = false;
    while (!published && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      published = !(await queued(ok));
    }
    assert.ok(published, "the healthy topic's event was published");
    assert.ok(await queued(stuck), "the missing topic's event waits");
  } finally {
    await flusher.stop();
    await publisher.disconnect();
    // Leave nothing behind for other flushers on this database to retry.
    await sql`DELETE FROM outbox_pending WHERE topic = ${missing}`;
    await sql`DELETE FROM outbox WHERE event_id = ${stuck}`;
    await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  }
});

/** The real publisher, counting its requests and the topics in each. */
function countingPublisher(publisher: Publisher) {
  const requests: string[][] = [];
  return {
    requests,
    publisher: {
      ...publisher,
      sendBatch(batch: { topicMessages: TopicMessages[] }) {
        requests.push(batch.topicMessages.map((t) => t.topic));
        return publisher.sendBatch(batch);
      },
    } satisfies Publisher,
  };
}

Deno.test("rows of every topic go out in one request", async () => {
  const topics = [`outbox.test.${crypto.randomUUID()}`, `outbox.test.${crypto.randomUUID()}`];
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, topics.map((topic) => ({ topic, numPartitions: 1 })));
  for (const topic of topics) {
    const id = newId("evt");
    await writeOutbox(sql, [{ id, key: "k", topic, value: { id } }]);
  }
  const real = createPublisher(kafka);
  const { requests, publisher } = countingPublisher(real);
  const flusher = startOutboxFlusher({ sql, publisher, log: silentLogger }, {
    topics,
    intervalMs: 60_000,
  });
  try {
    await flusher.flush();
    assert.deepEqual(requests, [topics]);
    const pending = await sql`SELECT 1 FROM outbox_pending WHERE topic IN ${sql(topics)}`;
    assert.equal(pending.length, 0);
  } finally {
    await flusher.stop();
    await real.disconnect();
    await admin.deleteTopics({ topics });
    await admin.disconnect();
  }
});

Deno.test("flushes asked in one turn share one claim", async () => {
  const topic = `outbox.test.${crypto.randomUUID()}`;
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [{ topic, numPartitions: 1 }]);
  let claims = 0;
  const counted = new Proxy(sql, {
    get: (target, prop, receiver) =>
      prop === "begin"
        ? (...args: Parameters<typeof sql.begin>) => (claims++, target.begin(...args))
        : Reflect.get(target, prop, receiver),
  });
  const publisher = createPublisher(kafka);
  const flusher = startOutboxFlusher({ sql: counted, publisher, log: silentLogger }, {
    topics: [topic],
    intervalMs: 60_000,
  });
  try {
    const id = newId("evt");
    await writeOutbox(sql, [{ id, key: "k", topic, value: { id } }]);
    // As the partitions of one combined transaction each ask once its commit is heard: one
    // claim, not a second that finds nothing.
    await Promise.all(Array.from({ length: 12 }, () => flusher.flush()));
    assert.equal(claims, 1);
    assert.equal(await queued(id), false);
  } finally {
    await flusher.stop();
    await publisher.disconnect();
    await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  }
});

Deno.test("a request Kafka refuses for one topic's row still publishes the other topics'", async () => {
  const [healthy, refusing] = [
    `outbox.test.${crypto.randomUUID()}`,
    `outbox.test.${crypto.randomUUID()}`,
  ];
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [healthy, refusing].map((topic) => ({ topic, numPartitions: 1 })));
  const ok = newId("evt");
  const big = newId("evt");
  // Over the broker's message.max.bytes (1 MiB by default): refused for its topic alone.
  await writeOutbox(sql, [
    { id: big, key: "k", topic: refusing, value: { id: big, text: "x".repeat(1_100_000) } },
    { id: ok, key: "k", topic: healthy, value: { id: ok } },
  ]);
  const real = fastFailingPublisher();
  const { requests, publisher } = countingPublisher(real);
  const flusher = startOutboxFlusher({ sql, publisher, log: silentLogger }, {
    topics: [refusing, healthy],
    intervalMs: 60_000,
  });
  try {
    await flusher.flush();
    assert.deepEqual({ ok: await queued(ok), big: await queued(big) }, { ok: false, big: true });
    // Both together, then each alone.
    assert.deepEqual(requests, [[refusing, healthy], [refusing], [healthy]]);
  } finally {
    await flusher.stop();
    await real.disconnect();
    await sql`DELETE FROM outbox_pending WHERE topic = ${refusing}`;
    await sql`DELETE FROM outbox WHERE event_id = ${big}`;
    await admin.deleteTopics({ topics: [healthy, refusing] });
    await admin.disconnect();
  }
});

Deno.test("two flushers of one topic publish each row once, in order", async () => {
  const topic = `outbox.test.${crypto.randomUUID()}`;
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [{ topic, numPartitions: 1 }]);
  const jobId = newId("job");
  // Three pages' worth, so the flushers take turns.
  const ids = Array.from({ length: 1_200 }, () => newId("evt"));
  await writeOutbox(sql, ids.map((id) => ({ id, key: jobId, topic, value: { id } })));
  const publishers = [createPublisher(kafka), createPublisher(kafka)];
  const flushers = publishers.map((publisher) =>
    startOutboxFlusher({ sql, publisher, log: silentLogger }, { topics: [topic], intervalMs: 20 })
  );
  const consumer = kafka.consumer({ groupId: `outbox-test-${crypto.randomUUID()}` });
  try {
    const seen: string[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: ({ message }) => {
        seen.push(JSON.parse(message.value!.toString()).id);
        return Promise.resolve();
      },
    });
    await Promise.all(flushers.map((f) => f.flush()));
    const until = Date.now() + 15_000;
    const pending = async () =>
      (await sql`SELECT 1 FROM outbox_pending WHERE topic = ${topic}`).length;
    while (await pending() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(flushers.map((f) => f.stop()));
    // Every row marked and no flush under way: the partition holds exactly what was published.
    const [partition] = await admin.fetchTopicOffsets(topic);
    assert.equal(partition!.high, String(ids.length));
    while (seen.length < ids.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual(seen, ids);
  } finally {
    await consumer.disconnect();
    await Promise.all(flushers.map((f) => f.stop()));
    await Promise.all(publishers.map((p) => p.disconnect()));
    await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  }
});
