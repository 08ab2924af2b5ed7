import assert from "node:assert/strict";
import { createKafka } from "@hire/kafka";
import { TEST_ENV } from "@hire/testing/stack.ts";
import { describeBrokerWarmUp, warmBroker } from "./broker_warmup.ts";

const BROKERS = TEST_ENV.KAFKA_BROKERS;

Deno.test("warmBroker sends and reads back messages for the time given, then deletes its topic", async () => {
  const started = Date.now();
  const warmUp = await warmBroker(BROKERS, 1);
  assert.ok(warmUp, "a positive time runs the warm-up");
  assert.ok(Date.now() - started >= 1000, "it ran for the second given");
  assert.equal(warmUp.seconds, 1);
  assert.ok(warmUp.produced > 100, `${warmUp.produced} messages sent`);
  assert.ok(warmUp.consumed > 0 && warmUp.consumed <= warmUp.produced, `${warmUp.consumed} read`);
  const admin = createKafka({ brokers: BROKERS.split(","), clientId: "warmup-test" }).admin();
  await admin.connect();
  try {
    const left = (await admin.listTopics()).filter((t) => t.startsWith("bench.broker-warmup."));
    assert.deepEqual(left, []);
  } finally {
    await admin.disconnect();
  }
  assert.equal(await warmBroker(BROKERS, 0), null, "0 s skips it");
});

Deno.test("describeBrokerWarmUp says what the warm-up did, or how it was skipped", () => {
  const said = describeBrokerWarmUp({ seconds: 60, produced: 1200, consumed: 1150 }, "X");
  assert.match(said, /60 s of produce and fetch requests/);
  assert.match(said, /1200 messages sent .* 1150 read back/);
  assert.equal(describeBrokerWarmUp(null, "BENCH_X"), "not warmed up (`BENCH_X=0`).");
});
