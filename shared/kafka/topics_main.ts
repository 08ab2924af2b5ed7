/** `deno task topics`: creates every topic with its partition count. */
import { commonEnv, parseConfig } from "@hire/config";
import { z } from "zod";
import { createKafka } from "./client.ts";
import { DEFAULT_LADDER_TOPICS } from "@hire/webhooks";
import { DEFAULT_TOPICS, ensureTopics } from "./topics.ts";

const cfg = parseConfig(z.object({ KAFKA_BROKERS: commonEnv.KAFKA_BROKERS }));
const admin = createKafka({ brokers: cfg.KAFKA_BROKERS, clientId: "topics" }).admin();
await admin.connect();
try {
  const created = await ensureTopics(admin, [...DEFAULT_TOPICS, ...DEFAULT_LADDER_TOPICS]);
  console.log(created.length ? `created: ${created.join(", ")}` : "topics: all exist");
} finally {
  await admin.disconnect();
}
