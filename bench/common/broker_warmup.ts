/**
 * Warms a Kafka broker before a measured run: small produce requests from many senders at
 * once and a consumer group fetching them, on a topic of its own, through the services' own
 * publisher and subscription. A broker just started compiles its request paths while the
 * first loads run: with the local broker up for 2 minutes, creates cost it 0.30 ms of CPU
 * each against 0.11 once it had run for 24 (`bench/results/baselines-thirteenth-machine.md`
 * and `-warm-broker.md`), and our create rate fell by a quarter. A deployed broker runs for
 * months, so that is not what the benchmarks are after.
 * @module
 */
import { createKafka, createKafkaQueue } from "@hire/kafka";
import { step } from "./proc.ts";

/** What the warm-up sent and read back. */
export interface BrokerWarmUp {
  seconds: number;
  produced: number;
  consumed: number;
}

/**
 * The warm-up as a report says it; `skipVariable` is the setting that skips it (when it was
 * skipped, `warmUp` is undefined or null).
 */
export function describeBrokerWarmUp(
  warmUp: BrokerWarmUp | undefined | null,
  skipVariable: string,
): string {
  if (!warmUp) return `not warmed up (\`${skipVariable}=0\`).`;
  return `warmed up before the loads that use it: ${warmUp.seconds} s of produce and fetch ` +
    `requests on a topic of its own (${warmUp.produced} messages sent one at a time by ` +
    `${SENDERS} senders, ${warmUp.consumed} read back; \`bench/common/broker_warmup.ts\`), as a ` +
    `broker just started compiles its request paths while it serves the first loads.`;
}

/** Senders at once, each waiting for its acknowledgement before the next message. */
const SENDERS = 50;
/** As many as `jobs.commands` has. */
const PARTITIONS = 12;

/**
 * Sends and reads messages on `brokers` (comma-separated) for `seconds`; null, doing nothing,
 * when `seconds` is 0 (the benchmark's setting skips the warm-up).
 */
export async function warmBroker(brokers: string, seconds: number): Promise<BrokerWarmUp | null> {
  if (seconds <= 0) return null;
  step(`warming the broker up for ${seconds} s`);
  const topic = `bench.broker-warmup.${Date.now().toString(36)}`;
  const kafka = createKafka({ brokers: brokers.split(","), clientId: "bench-broker-warmup" });
  const queue = createKafkaQueue(kafka);
  await queue.ensureTopics([{ topic, numPartitions: PARTITIONS }]);
  let consumed = 0;
  const subscription = await queue.subscribe(
    { group: topic, topics: [topic], concurrency: 4 },
    (batch, control) => {
      consumed += batch.messages.length;
      const last = batch.messages.at(-1);
      if (last) control.commit(last.offset);
      return Promise.resolve();
    },
  );
  const publisher = queue.publisher();
  let produced = 0;
  try {
    await subscription.joined;
    const until = Date.now() + seconds * 1000;
    // A body about the size of a create's command.
    const value = JSON.stringify({ warm: "x".repeat(400) });
    await Promise.all(Array.from({ length: SENDERS }, async (_, sender) => {
      for (let n = 0; Date.now() < until; n++) {
        await publisher.send({ topic, messages: [{ key: `${sender}.${n}`, value }] });
        produced++;
      }
    }));
  } finally {
    await subscription.stop();
    await publisher.disconnect();
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] }).finally(() => admin.disconnect());
  }
  return { seconds, produced, consumed };
}
