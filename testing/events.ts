/** Reads a topic from the beginning, as the data team would, until a condition holds. */
import { decodeJobEvent, type JobEvent } from "@hire/jobs";
import type { Kafka } from "@hire/kafka";
import { uniqueName } from "./stack.ts";

/** A consumer of a topic that keeps every message it has seen, decoded. */
export interface EventLog<T = JobEvent> {
  events: T[];
  /** Resolves with the messages once `done(events)` holds; rejects after `timeoutMs`. */
  waitFor(done: (events: T[]) => boolean, timeoutMs?: number): Promise<T[]>;
  stop(): Promise<void>;
}

/** Starts reading the public events of `topic` from its beginning. */
export function readEvents(kafka: Kafka, topic: string): Promise<EventLog> {
  return readTopic(kafka, topic, decodeJobEvent);
}

/** Starts reading `topic` from its beginning, decoding each value with `decode`. */
export async function readTopic<T>(
  kafka: Kafka,
  topic: string,
  decode: (value: Uint8Array | string) => T,
): Promise<EventLog<T>> {
  const consumer = kafka.consumer({ groupId: uniqueName("test-reader"), maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const events: T[] = [];
  const keys: string[] = [];
  let changed = () => {};
  await consumer.run({
    eachMessage: ({ message }) => {
      events.push(decode(message.value ?? ""));
      keys.push(message.key?.toString() ?? "");
      changed();
      return Promise.resolve();
    },
  });
  return {
    events,
    async waitFor(done, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (!done(events)) {
        const left = until - Date.now();
        if (left <= 0) {
          throw new Error(
            `condition not met; seen: ${JSON.stringify(events).slice(0, 2000)}`,
          );
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 200));
          changed = () => {
            clearTimeout(t);
            resolve();
          };
        });
      }
      return events;
    },
    stop: () => consumer.disconnect(),
  };
}
