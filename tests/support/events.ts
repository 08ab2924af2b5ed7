/** Reads a topic from the beginning, as the data team would, until a condition holds. */
import { decodeJobEvent, type JobEvent } from "@hire/jobs";
import type { Kafka } from "kafkajs";
import { uniqueName } from "./stack.ts";

/** A consumer of a topic that keeps every event it has seen. */
export interface EventLog {
  events: JobEvent[];
  /** Resolves with the events once `done(events)` holds; rejects after `timeoutMs`. */
  waitFor(done: (events: JobEvent[]) => boolean, timeoutMs?: number): Promise<JobEvent[]>;
  stop(): Promise<void>;
}

/** Starts reading `topic` from its beginning. */
export async function readEvents(kafka: Kafka, topic: string): Promise<EventLog> {
  const consumer = kafka.consumer({ groupId: uniqueName("test-reader"), maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const events: JobEvent[] = [];
  const keys: string[] = [];
  let changed = () => {};
  await consumer.run({
    eachMessage: ({ message }) => {
      events.push(decodeJobEvent(message.value ?? ""));
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
            `condition not met; events seen: ${JSON.stringify(events.map((e) => e.type))}`,
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
