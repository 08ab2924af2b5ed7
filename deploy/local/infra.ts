/**
 * `deno task infra` (up) and `deno task infra:stop`: the local Kafka broker, Postgres with
 * pgvector, and the local embedding model that `deno task dev` and `deno task test` rely
 * on, then migrations and topics.
 */
import { connect, migrate } from "@hire/db";
import { createKafka, ensureTopics } from "@hire/kafka";
import { DEFAULT_TOPIC_SPECS } from "@hire/topology";
import { ensureKafka, type LocalBroker, stopKafka } from "./kafka.ts";
import { ensureModel } from "./model.ts";
import { ensurePgvector } from "./pgvector.ts";
import { DEFAULT_DATABASE_URL, ensurePostgres } from "./postgres.ts";
import { ensureHugePages } from "./postgres_huge_pages.ts";
import { ensureSharedBuffers } from "./postgres_memory.ts";
import { step } from "./run.ts";

/** Where the running system's dependencies are. */
export interface Infra {
  databaseUrl: string;
  brokers: string;
}

/**
 * Starts or finds Postgres and Kafka; honours DATABASE_URL and KAFKA_BROKERS when set, unless
 * `broker` names a local broker of the caller's own (`deno task chaos`'s).
 */
export async function up(
  databaseUrl = Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL,
  broker?: LocalBroker,
): Promise<Infra> {
  const fromEnv = broker ? undefined : Deno.env.get("KAFKA_BROKERS");
  const localModel = (Deno.env.get("EMBEDDING_PROVIDER") ?? "local") === "local";
  const [brokers] = await Promise.all([
    fromEnv ? Promise.resolve(fromEnv) : ensureKafka(broker),
    ensurePostgres(databaseUrl)
      .then(() => ensurePgvector(databaseUrl))
      .then(() => ensureSharedBuffers(databaseUrl))
      .then(() => ensureHugePages(databaseUrl)),
    localModel ? ensureModel() : Promise.resolve(),
  ]);
  return { databaseUrl, brokers };
}

/** Applies migrations and creates the topics. */
export async function prepare(infra: Infra): Promise<void> {
  const sql = connect(infra.databaseUrl, { max: 1, name: "infra" });
  try {
    const applied = await migrate(sql);
    if (applied.length) step(`migrations applied: ${applied.join(", ")}`);
  } finally {
    await sql.end();
  }
  const admin = createKafka({ brokers: infra.brokers.split(","), clientId: "infra" }).admin();
  await admin.connect();
  try {
    const created = await ensureTopics(admin, DEFAULT_TOPIC_SPECS);
    if (created.length) step(`topics created: ${created.join(", ")}`);
  } finally {
    await admin.disconnect();
  }
}

if (import.meta.main) {
  if (Deno.args[0] === "stop") {
    await stopKafka();
  } else {
    const infra = await up();
    await prepare(infra);
    console.log(JSON.stringify(infra));
  }
}
