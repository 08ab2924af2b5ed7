/**
 * The whole system as `deno task dev` runs it (every service its own process, logged in as
 * its own Postgres role, plan limits lifted as in every benchmark) on a database of the
 * benchmark's own, kept between runs while its seed is unchanged, and on topics and consumer
 * groups of its own on the shared broker (`bench.pipeline.*`, kept too: they are the
 * database's, as a deployment's topics are). Optionally one service under `--cpu-prof`.
 * @module
 */
import { connect, migrate, type Sql } from "@hire/db";
import { createKafka, ensureTopics } from "@hire/kafka";
import {
  DEFAULT_RUNGS,
  type GroupIds,
  type TopicNames,
  topicSpecs,
  uniqueGroupIds,
  uniqueTopicNames,
} from "@hire/topology";
import { ensureLogins, loginOf, urlAs } from "../../deploy/local/db_logins.ts";
import { LOCAL_BROKER } from "../../deploy/local/kafka.ts";
import { DEFAULT_DATABASE_URL, ensureDatabase } from "../../deploy/local/postgres.ts";
import { type ServiceName, SERVICES } from "../../deploy/local/services.ts";
import { type AutovacuumStandIn, startAutovacuumStandIn } from "../common/autovacuum.ts";
import { step } from "../common/proc.ts";
import { type ServiceProcesses, startRunningSystem } from "../common/service_processes.ts";
import { storedFingerprint } from "./seed.ts";

/** Every topic and group of the benchmark starts with this. */
export const NAME_PREFIX = "bench.pipeline.";

/** The database, broker, topics and groups the services share. */
export interface Stack {
  databaseUrl: string;
  /** The database's owner (migrations, seeding's bookkeeping, the figures' queries). */
  owner: Sql;
  brokers: string;
  topics: TopicNames;
  groups: GroupIds;
  /** The URL a service logs in with, as its own role. */
  urlOf(name: ServiceName): string;
}

/**
 * The benchmark's database: kept when it holds the seed `fingerprint`, else made afresh;
 * migrated either way; the services' logins; the topics.
 */
export async function prepareStack(database: string, fingerprint: string): Promise<Stack> {
  const url = new URL(Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  await ensureDatabase(databaseUrl);
  let owner = connect(databaseUrl, { max: 4, name: "bench" });
  if (await storedFingerprint(owner) !== fingerprint) {
    step(`pipeline: ${database} holds another seed or none; making it afresh`);
    await owner.end();
    await ensureDatabase(databaseUrl, { fresh: true });
    owner = connect(databaseUrl, { max: 4, name: "bench" });
  }
  await migrate(owner);
  // Without passwords, as `deno task chaos` does: the local cluster trusts loopback.
  await ensureLogins(owner, SERVICES.map(({ role }) => ({ role })));
  const brokers = Deno.env.get("KAFKA_BROKERS") ?? LOCAL_BROKER;
  const topics = uniqueTopicNames((name) => `${NAME_PREFIX}${name}`);
  const groups = uniqueGroupIds((id) => `${NAME_PREFIX}${id}`);
  const admin = createKafka({ brokers: brokers.split(","), clientId: "bench-pipeline" }).admin();
  await admin.connect();
  try {
    // The declared partitions and settings, as production has them.
    await ensureTopics(admin, topicSpecs(topics, DEFAULT_RUNGS));
  } finally {
    await admin.disconnect();
  }
  return {
    databaseUrl,
    owner,
    brokers,
    topics,
    groups,
    urlOf: (name) => {
      const { role } = SERVICES.find((s) => s.name === name)!;
      return urlAs(databaseUrl, loginOf(role));
    },
  };
}

/** The running system. */
export interface RunningSystem {
  edgeUrl: string;
  /** Stopping them stops the autovacuum stand-in too. */
  services: ServiceProcesses;
  /** Vacuums the database as the server's autovacuum would; null when the server does. */
  autovacuum: AutovacuumStandIn | null;
}

/**
 * Starts every service on the stack, with autovacuum's work done as a server with it would
 * (`../common/autovacuum.ts`); `cpuProfile` runs one of them under `--cpu-prof` writing to
 * `dir`, `env` adds to every service's environment, `flags` to a service's Deno flags.
 * Resolves once the edge's /readyz answers 200.
 */
export async function startSystem(
  stack: Stack,
  opts: {
    logDir: string;
    cpuProfile?: { service: ServiceName; dir: string };
    env?: Record<string, string>;
    /** Extra Deno flags per service. */
    flags?: Partial<Record<ServiceName, string[]>>;
  },
): Promise<RunningSystem> {
  const prof = opts.cpuProfile;
  const flags = { ...opts.flags };
  if (prof) {
    flags[prof.service] = [
      ...flags[prof.service] ?? [],
      "--cpu-prof",
      `--cpu-prof-dir=${prof.dir}`,
    ];
  }
  const autovacuum = await startAutovacuumStandIn(stack.owner);
  try {
    const { edgeUrl, services } = await startRunningSystem(stack, {
      logDir: opts.logDir,
      flags,
      env: opts.env,
    });
    step(`pipeline: every service running (logs in ${opts.logDir}), edge ${edgeUrl}`);
    const stop = async () => {
      await services.stop();
      await autovacuum?.stop();
    };
    return { edgeUrl, services: { ...services, stop }, autovacuum };
  } catch (err) {
    await autovacuum?.stop();
    throw err;
  }
}
