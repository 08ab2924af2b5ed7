import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { createKafka, createPublisher, ensureTopics } from "@hire/kafka";
import { silentLogger } from "@hire/log";
import { startOutboxFlusher } from "./flusher.ts";

const sql = connect(
  Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire_test",
  { max: 3 },
);
const kafka = createKafka({
  brokers: (Deno.env.get("KAFKA_BROKERS") ?? "127.0.0.1:9092").split(","),
  clientId: "outbox-test",
});

Deno.test("events left in the outbox by a crash are published by the timer, in order, once marked", async () => {
  const topic = `outbox.test.${crypto.randomUUID()}`;
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [{ topic, numPartitions: 1 }]);
  const jobId = newId("job");
  const ids = [newId("evt"), newId("evt"), newId("evt")];
  // What a job service that committed and then crashed before publishing leaves behind.
  for (const id of ids) {
    await sql`INSERT INTO outbox (event_id, key, topic, payload)
      VALUES (${id}, ${jobId}, ${topic}, ${sql.json({ id, type: "job.deleted" })})`;
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
    const pending = await sql`SELECT 1 FROM outbox WHERE key = ${jobId} AND published_at IS NULL`;
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

Deno.test("a topic that cannot be published to holds up no other topic", async () => {
  const topic = `outbox.test.${crypto.randomUUID()}`;
  const missing = `outbox.missing.${crypto.randomUUID()}`;
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [{ topic, numPartitions: 1 }]);
  // The unpublishable row comes first: a flusher that went in seq order would stop on it.
  const stuck = newId("evt");
  const ok = newId("evt");
  await sql`INSERT INTO outbox (event_id, key, topic, payload)
    VALUES (${stuck}, 'k', ${missing}, ${sql.json({ id: stuck })}),
           (${ok}, 'k', ${topic}, ${sql.json({ id: ok })})`;
  const fastKafka = createKafka({
    brokers: (Deno.env.get("KAFKA_BROKERS") ?? "127.0.0.1:9092").split(","),
    clientId: "outbox-test-fast",
    retry: { retries: 1, initialRetryTime: 50, maxRetryTime: 100 },
  });
  const publisher = createPublisher(fastKafka);
  const flusher = startOutboxFlusher({ sql, publisher, log: silentLogger }, {
    topics: [missing, topic],
    intervalMs: 100,
  });
  try {
    const until = Date.now() + 15_000;
    let published = false;
    while (!published && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      const [row] = await sql`SELECT published_at FROM outbox WHERE event_id = ${ok}`;
      published = row!.published_at !== null;
    }
    assert.ok(published, "the healthy topic's event was published");
    const [row] = await sql`SELECT published_at FROM outbox WHERE event_id = ${stuck}`;
    assert.equal(row!.published_at, null);
  } finally {
    await flusher.stop();
    await publisher.disconnect();
    // Leave nothing behind for other flushers on this database to retry.
    await sql`DELETE FROM outbox WHERE event_id = ${stuck}`;
    await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  }
});
