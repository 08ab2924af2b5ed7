/** Entry point of `deno task seekers`. */
import { commonEnv, parseConfig } from "@hire/config";
import { newId } from "@hire/ids";
import { type Admin, createKafka, createPublisher, ensureTopics } from "@hire/kafka";
import type { Publish } from "@hire/seekers";
import { topicEnv, topicSpecs } from "@hire/topology";
import { z } from "zod";
import {
  parseSeekersArgs,
  runSeekersCommand,
  type SeekersCommand,
  USAGE,
  UsageError,
} from "./seekers_cli.ts";

function fail(err: unknown): void {
  const usage = err instanceof UsageError ||
    (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  console.error(usage ? `${(err as Error).message}\n${USAGE}` : (err as Error).message);
  Deno.exitCode = usage ? 2 : 1;
}

let command: SeekersCommand | undefined;
try {
  command = parseSeekersArgs(Deno.args);
} catch (err) {
  fail(err);
}

if (command) {
  const cfg = parseConfig(z.object({
    KAFKA_BROKERS: commonEnv.KAFKA_BROKERS,
    TOPIC_SEEKERS: topicEnv.TOPIC_SEEKERS,
  }));
  const kafka = createKafka({ brokers: cfg.KAFKA_BROKERS, clientId: "admin-seekers" });
  const publisher = createPublisher(kafka);
  // Topics come from `deno task topics`; creating ours if missing (with the topology's
  // settings for seekers.v1) spares a failed import on a fresh broker. Done on the first
  // publish, so a file that cannot be read never touches Kafka. No retry ladder is among them.
  const specs = topicSpecs({ TOPIC_SEEKERS: cfg.TOPIC_SEEKERS }, []);
  let admin: Admin | undefined;
  let topicReady: Promise<unknown> | undefined;
  const publish: Publish = async (messages) => {
    topicReady ??= (async () => {
      admin = kafka.admin();
      await admin.connect();
      await ensureTopics(admin, specs);
    })();
    await topicReady;
    await publisher.sendBatch({ topicMessages: [{ topic: cfg.TOPIC_SEEKERS, messages }] });
  };
  try {
    const result = await runSeekersCommand(
      { publish, newId: () => newId("seek"), now: () => new Date() },
      command,
    );
    console.log(JSON.stringify(result.output));
    Deno.exitCode = result.exitCode;
  } catch (err) {
    fail(err);
  } finally {
    await publisher.disconnect();
    await admin?.disconnect();
  }
}
