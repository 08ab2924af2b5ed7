/**
 * The delivery service as production runs it, for the benchmark: `services/delivery/main.ts`
 * in a process of its own (started as `deno task dev` starts it, logged in as its own
 * Postgres role, at its default settings but those a loopback run needs), on a database made
 * afresh and on topics and groups of the run's own on the running broker. The benchmark's
 * process keeps the owner's pool (to register partners and read the delivery log) and the
 * producer.
 * @module
 */
import { connect, SERVICE_ROLES, type Sql } from "@hire/db";
import { createKafka, createPublisher } from "@hire/kafka";
import type { Publisher } from "@hire/queue";
import { testCertificates } from "@hire/testing/test_ca.ts";
import { ensureLogins, loginOf, urlAs } from "../../deploy/local/db_logins.ts";
import { LOCAL_BROKER } from "../../deploy/local/kafka.ts";
import { freshDatabase } from "../common/fresh_database.ts";
import { createRunTopics } from "../common/run_topics.ts";
import { step } from "../common/proc.ts";
import { startServiceProcesses } from "../common/service_processes.ts";
import { tail } from "../common/system.ts";

/** Every topic and group of a run starts with this; leftovers of a failed run are deleted. */
export const TOPIC_PREFIX = "bench.delivery.";

/** What the delivery service's process is given beyond the defaults. */
export interface DeliveryProcessOptions {
  /** `WEBHOOK_TIMEOUT`, e.g. `10s`. */
  webhookTimeout: string;
  /** `--cpu-prof` into this folder. */
  profileDir?: string;
  logDir: string;
}

/** The running delivery service, its database and topics. */
export interface DeliverySystem {
  /** The owner's pool: partners, webhooks and the delivery log. */
  sql: Sql;
  publisher: Publisher;
  eventsTopic: string;
  /** `WEBHOOK_SECRET_KEYS` of the run, to seal the webhooks' secrets it registers. */
  secretKeys: string;
  caPath: string;
  /** The delivery service's process. */
  pid: number;
  /** The brokers the run uses (comma-separated). */
  brokers: string;
  env: Record<string, string>;
  /** Stops the service (its profile is written then), deletes the topics, closes pools. */
  stop(): Promise<void>;
}

/** A key of the run's own (`id:base64 of 32 bytes`), never a deployment's. */
function runSecretKeys(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `bench:${btoa(String.fromCharCode(...bytes))}`;
}

/** Makes the database, the service's login and the topics; starts the service. */
export async function startDeliverySystem(
  database: string,
  opts: DeliveryProcessOptions,
): Promise<DeliverySystem> {
  const brokers = Deno.env.get("KAFKA_BROKERS") ?? LOCAL_BROKER;
  const databaseUrl = await freshDatabase(database);
  const sql = connect(databaseUrl, { max: 4, name: "bench" });
  // Without a password, as `deno task chaos` does: the local cluster trusts loopback.
  await ensureLogins(sql, [{ role: SERVICE_ROLES.delivery }]);

  const { run, topics: names, cleanup } = await createRunTopics(
    brokers,
    TOPIC_PREFIX,
    "bench-delivery",
  );
  const kafka = createKafka({ brokers: brokers.split(","), clientId: "bench-delivery" });
  step(`database ${database}, topics ${run}*`);

  const caPath = (await testCertificates()).caPath;
  const secretKeys = runSecretKeys();
  const env = {
    ...names,
    KAFKA_BROKERS: brokers,
    DATABASE_URL: urlAs(databaseUrl, loginOf(SERVICE_ROLES.delivery)),
    DELIVERY_GROUP_ID: `${run}delivery`,
    DELIVERY_LADDER_GROUP_ID: `${run}delivery-ladder`,
    WEBHOOK_SECRET_KEYS: secretKeys,
    WEBHOOK_TIMEOUT: opts.webhookTimeout,
    // The receivers are on loopback, with a certificate of the test CA.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    DENO_CERT: caPath,
  };
  await Deno.remove(opts.logDir, { recursive: true }).catch(() => {});
  const profile = opts.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${opts.profileDir}`] : [];
  const services = await startServiceProcesses({
    env: () => env,
    logDir: opts.logDir,
    flags: { deliver: profile },
    names: ["deliver"],
  });
  const log = `${opts.logDir}/deliver.log`;
  // Ready once both its consumer groups are stable: its log reaches the file only in large
  // chunks, so it cannot be watched for the start line.
  const groups = [env.DELIVERY_GROUP_ID, env.DELIVERY_LADDER_GROUP_ID];
  const watcher = kafka.admin();
  await watcher.connect();
  try {
    const until = Date.now() + 120_000;
    for (;;) {
      const { groups: described } = await watcher.describeGroups(groups);
      if (described.every((g) => g.state === "Stable")) break;
      if (services.exited().length || Date.now() > until) {
        await services.stop();
        throw new Error(`the delivery service did not start:\n${await tail(log)}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await watcher.disconnect();
  }
  const pid = services.pids.deliver;
  step(`delivery service (pid ${pid}) started, log ${log}`);
  const publisher = createPublisher(kafka);
  await publisher.connect();
  return {
    sql,
    publisher,
    eventsTopic: names.TOPIC_JOBS_EVENTS,
    secretKeys,
    caPath,
    pid,
    brokers,
    env,
    async stop() {
      await publisher.disconnect();
      await services.stop();
      await cleanup();
      await sql.end();
    },
  };
}
