/**
 * A connected consumer in a group, with the settings every service uses, and a promise
 * that resolves once it has joined (so a service reports "started" only when it consumes).
 * @module
 */
import type { Consumer, Kafka } from "kafkajs";

/** Connects a consumer of `groupId`. */
export async function connectGroupConsumer(
  kafka: Kafka,
  opts: { groupId: string; sessionTimeoutMs: number },
): Promise<{ consumer: Consumer; joined: Promise<void> }> {
  const consumer = kafka.consumer({
    groupId: opts.groupId,
    // The broker answers as soon as there is data; this only bounds an idle fetch.
    maxWaitTimeInMs: 100,
    sessionTimeout: opts.sessionTimeoutMs,
    heartbeatInterval: Math.floor(opts.sessionTimeoutMs / 10),
  });
  const joined = new Promise<void>((resolve) =>
    consumer.on(consumer.events.GROUP_JOIN, () => resolve())
  );
  await consumer.connect();
  return { consumer, joined };
}
