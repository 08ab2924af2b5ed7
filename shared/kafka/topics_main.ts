/** `deno task topics`: creates every declared topic under its default name. */
import { commonEnv, parseConfig } from "@hire/config";
import { DEFAULT_TOPIC_SPECS } from "@hire/topology";
import { z } from "zod";
import { createKafka } from "./client.ts";
import { ensureTopics } from "./topics.ts";

const cfg = parseConfig(z.object({ KAFKA_BROKERS: commonEnv.KAFKA_BROKERS }));
const admin = createKafka({ brokers: cfg.KAFKA_BROKERS, clientId: "topics" }).admin();
await admin.connect();
try {
  const created = await ensureTopics(admin, DEFAULT_TOPIC_SPECS);
  console.log(created.length ? `created: ${created.join(", ")}` : "topics: all exist");
} finally {
  await admin.disconnect();
}
