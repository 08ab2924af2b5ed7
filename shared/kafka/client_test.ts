import assert from "node:assert/strict";
import { freePort } from "@hire/testing/ports.ts";
import { createKafka, createPublisher, ensureTopics, FAST_FAIL_RETRY } from "./mod.ts";

const BROKER = Deno.env.get("KAFKA_BROKERS")?.split(",")[0] ?? "127.0.0.1:9092";

Deno.test("publisher started while Kafka is unreachable recovers once the broker answers", async () => {
  const port = freePort();
  const kafka = createKafka({
    brokers: [`127.0.0.1:${port}`],
    clientId: "test-publisher",
    retry: FAST_FAIL_RETRY,
  });
  const publisher = createPublisher(kafka);
  const topic = `publisher.test.${crypto.randomUUID()}`;
  const admin = createKafka({ brokers: [BROKER], clientId: "test-admin" }).admin();
  await admin.connect();
  await ensureTopics(admin, [{ topic, numPartitions: 1 }]);

  assert.equal(await publisher.connect(), false);
  await assert.rejects(publisher.send({ topic, messages: [{ value: "lost" }] }));

  // The broker becomes reachable at the bootstrap address: forward it to the real one.
  const [host, realPort] = BROKER.split(":");
  const listener = Deno.listen({ hostname: "127.0.0.1", port });
  const conns: Deno.Conn[] = [];
  (async () => {
    for await (const client of listener) {
      const server = await Deno.connect({ hostname: host!, port: Number(realPort) });
      conns.push(client, server);
      client.readable.pipeTo(server.writable).catch(() => {});
      server.readable.pipeTo(client.writable).catch(() => {});
    }
  })().catch(() => {});
  try {
    await publisher.send({ topic, messages: [{ key: "k", value: "delivered" }] });
    const [offsets] = await admin.fetchTopicOffsets(topic);
    assert.equal(offsets!.high, "1");
  } finally {
    await publisher.disconnect();
    listener.close();
    for (const c of conns) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  }
});
