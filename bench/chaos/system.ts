/**
 * The system under test, brought up as `deno task dev` brings it up (infrastructure,
 * migrations, topics, each service as its own process logged in as its own Postgres role)
 * but on a Kafka broker and a database of the suite's own; then a Growth partner with a
 * webhook at an HTTPS receiver on loopback, and synthetic seekers so that jobs match.
 * @module
 */
import { connect, type Sql } from "@hire/db";
import {
  createRandom,
  generateLabelledSeekers,
  occupationByKey,
  syntheticJob,
} from "@hire/fixtures";
import { createKafka, type Kafka } from "@hire/kafka";
import { freePort } from "@hire/testing/ports.ts";
import { type Receiver, startReceiver } from "@hire/testing/receiver.ts";
import { testCertificates } from "@hire/testing/test_ca.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { ensureLogins, loginOf, urlAs } from "../../deploy/local/db_logins.ts";
import { prepare, up } from "../../deploy/local/infra.ts";
import { brokerAddress } from "../../deploy/local/kafka.ts";
import { DEFAULT_DATABASE_URL, ensureDatabase } from "../../deploy/local/postgres.ts";
import { LOCAL } from "../../deploy/local/run.ts";
import { SERVICES } from "../../deploy/local/services.ts";
import { createPartner } from "../common/partner.ts";
import { commandOutput, ROOT, step } from "../common/proc.ts";
import { isReady } from "../common/system.ts";
import { stopKafka } from "../../deploy/local/kafka.ts";
import { removeLeftoverBroker } from "./broker.ts";
import type { ChaosConfig } from "./config.ts";
import { type Fleet, removeLeftoverServices, startFleet } from "./fleet.ts";
import type { JobBody } from "./load.ts";
import { ALL_GROUPS, groupsReady } from "./probes.ts";
import type { ChaosContext } from "./context.ts";

const HOOK_PATH = "/hook";
const PID_FILE = `${LOCAL}chaos/pids`;
const LOG_DIR = `${LOCAL}chaos/logs`;

/** The running system, as the scenarios need it, and how to take it down. */
export interface ChaosSystem {
  ctx: Omit<ChaosContext, "ledger">;
  /** Stops the services, the receiver and the broker. */
  stop(): Promise<void>;
}

/** Synthetic seekers in the index, loaded as an operator loads them. */
async function seedSeekers(sql: Sql, count: number): Promise<void> {
  const file = await Deno.makeTempFile({ prefix: "chaos-seekers-", suffix: ".jsonl" });
  try {
    const lines = generateLabelledSeekers(count, 1).map((l) => JSON.stringify(l.seeker));
    await Deno.writeTextFile(file, lines.join("\n") + "\n");
    const out = await commandOutput(Deno.execPath(), ["task", "seekers", "import", file], {
      cwd: ROOT,
    });
    if (!out.success) throw new Error(`deno task seekers import failed:\n${out.stderr}`);
  } finally {
    await Deno.remove(file);
  }
  await waitUntil(`${count} seekers embedded`, async () => {
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM seekers WHERE embedded_hash = content_hash`;
    return row!.n >= count ? true : undefined;
  }, { timeoutMs: 300_000, intervalMs: 500 });
}

/** Job ads for the seekers' occupations and cities, so that most find a match. */
function jobBodies(seekers: number): () => JobBody {
  const labelled = generateLabelledSeekers(seekers, 1);
  const rnd = createRandom(2);
  return () => {
    const s = rnd.pick(labelled);
    return { ...syntheticJob(occupationByKey(s.occupation)!, s.language, s.seeker.city, rnd).body };
  };
}

/** Whether the edge and the site answer /readyz 200 and every service group is stable. */
async function allReady(kafka: Kafka, edgeUrl: string, siteUrl: string): Promise<boolean> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await isReady(edgeUrl) && await isReady(siteUrl) &&
      await groupsReady(admin, ALL_GROUPS);
  } finally {
    await admin.disconnect();
  }
}

/** Registers the partner's webhook for every event type at the receiver. */
async function registerWebhook(edgeUrl: string, apiKey: string, receiver: Receiver) {
  const res = await fetch(`${edgeUrl}/v1/partner/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      url: receiver.url(HOOK_PATH),
      events: ["job.created", "job.updated", "job.deleted", "job.matched"],
    }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`webhook registration answered ${res.status}: ${text}`);
}

/** Brings the system up; `onStarted` gets it as soon as its processes run (to stop on a signal). */
export async function startChaosSystem(
  cfg: ChaosConfig,
  onStarted: (stop: () => Promise<void>) => void,
  /** Added to every service's environment (a benchmark lifts the plan limits). */
  extraEnv: Record<string, string> = {},
): Promise<ChaosSystem> {
  const url = new URL(Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL);
  url.pathname = `/${cfg.database}`;
  const databaseUrl = url.toString();
  step(`chaos: a broker of its own on ${cfg.broker.port}, database ${cfg.database}`);
  await removeLeftoverServices(PID_FILE, `KAFKA_BROKERS=${brokerAddress(cfg.broker)}`);
  await removeLeftoverBroker(cfg.broker);
  const infra = await up(databaseUrl, cfg.broker);
  await ensureDatabase(databaseUrl, { fresh: true });
  await prepare(infra);
  // What the suite runs as an operator (`deno task partner`, `deno task seekers`) reads these.
  Deno.env.set("DATABASE_URL", databaseUrl);
  Deno.env.set("KAFKA_BROKERS", infra.brokers);

  const sql = connect(databaseUrl, { max: 4, name: "chaos" });
  // Each service logs in as its own role, as in `deno task dev` (without a password: the
  // local cluster trusts loopback).
  await ensureLogins(sql, SERVICES.map(({ role }) => ({ role })));
  const kafka = createKafka({ brokers: [infra.brokers], clientId: "chaos" });
  const receiver = await startReceiver();
  const ports = { edge: freePort(), site: freePort() };
  const edgeUrl = `http://127.0.0.1:${ports.edge}`;
  const siteUrl = `http://127.0.0.1:${ports.site}`;
  const env = {
    KAFKA_BROKERS: infra.brokers,
    KAFKA_SESSION_TIMEOUT_MS: String(cfg.kafkaSessionTimeoutMs),
    PORT: String(ports.edge),
    SITE_PORT: String(ports.site),
    PUBLIC_BASE_URL: edgeUrl,
    SITE_BASE_URL: siteUrl,
    // The receiver is on loopback, with a certificate of the test CA.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    DENO_CERT: (await testCertificates()).caPath,
    ...extraEnv,
  };
  await Deno.remove(LOG_DIR, { recursive: true }).catch(() => {});
  const fleet: Fleet = await startFleet({
    env: (name) => {
      const { role } = SERVICES.find((s) => s.name === name)!;
      return { ...env, DATABASE_URL: urlAs(databaseUrl, loginOf(role)) };
    },
    logDir: LOG_DIR,
    pidFile: PID_FILE,
    perfMapped: cfg.perfMapped,
  });
  const stop = async () => {
    await fleet.stop();
    await receiver.stop();
    await sql.end();
    await stopKafka(cfg.broker);
  };
  onStarted(stop);
  step(`chaos: services started (logs in .local/chaos/logs/), edge ${edgeUrl}, site ${siteUrl}`);

  await waitUntil(
    "the system to be ready",
    async () => await allReady(kafka, edgeUrl, siteUrl) || undefined,
    { timeoutMs: 180_000, intervalMs: 500 },
  );
  const partner = await createPartner("Chaos suite partner");
  await registerWebhook(edgeUrl, partner.api_key, receiver);
  step(`chaos: seeding ${cfg.seekers} seekers`);
  await seedSeekers(sql, cfg.seekers);
  return {
    ctx: {
      cfg,
      edgeUrl,
      siteUrl,
      partnerId: partner.partner_id,
      apiKey: partner.api_key,
      sql,
      kafka,
      fleet,
      receiver,
      hookPath: HOOK_PATH,
      jobBody: jobBodies(cfg.seekers),
    },
    stop,
  };
}
