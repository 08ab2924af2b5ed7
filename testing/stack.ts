/**
 * The system under test, in-process: the edge served on a free loopback port and the job
 * service, both on the real Postgres and Kafka, with topics and a consumer group of their
 * own so test files never see each other's messages.
 */
import assert from "node:assert/strict";
import { connect, type ConnectOptions, SERVICE_ROLES, type Sql } from "@hire/db";
import { startDatabaseReadiness } from "@hire/http";
import { createApp } from "@hire/edge-service/app.ts";
import { createCommandBus } from "@hire/edge-service/command_bus.ts";
import { appSettings, loadEdgeConfig } from "@hire/edge-service/config.ts";
import { createIdempotencyStore } from "@hire/edge-service/idempotency.ts";
import { clearOnKeyChange, createKeyCache } from "@hire/edge-service/middleware/auth.ts";
import { createJobCache, dropOnJobChange } from "@hire/edge-service/job_cache.ts";
import { startEdgeReadiness } from "@hire/edge-service/routes/health.ts";
import { loadJobConfig } from "@hire/job-service/config.ts";
import { type RunningService, startJobService } from "@hire/job-service/service.ts";
import {
  createKafka,
  createKafkaProbe,
  createKafkaQueue,
  ensureTopics,
  FAST_FAIL_RETRY,
  type Kafka,
} from "@hire/kafka";
import { guardTopics } from "@hire/queue";
import { createLogger, silentLogger } from "@hire/log";
import type { Registry } from "@hire/metrics";
import type { Plan } from "@hire/partners";
import { createPartner } from "@hire/tables";
import { createEmbeddingProvider, type EmbeddingProvider, embeddingSpace } from "@hire/embedding";
import { loadEmbeddingServiceConfig } from "@hire/embedding-service/config.ts";
import { startEmbeddingService } from "@hire/embedding-service/service.ts";
import { loadMatchingConfig } from "@hire/matching-service/config.ts";
import { startMatchingService } from "@hire/matching-service/service.ts";
import { encodeSeeker, type Seeker } from "@hire/seekers";
import { createPgvectorIndex, type VectorIndex } from "@hire/vector";
import { loadDeliveryConfig, webhookClientOptions } from "@hire/delivery-service/config.ts";
import { startDeliveryService } from "@hire/delivery-service/service.ts";
import { createWebhookHttpClient } from "@hire/delivery-service/http_client.ts";
import { createSmtpMailer } from "@hire/mail";
import { declaredTopicsOnly, topicSpecs, uniqueGroupIds, uniqueTopicNames } from "@hire/topology";
import { createApp as createConsoleApp } from "@hire/console-service/app.ts";
import { consoleSettings, loadConsoleConfig } from "@hire/console-service/config.ts";
import { loadStylesheet as loadConsoleStylesheet } from "@hire/console-service/routes/assets.ts";
import { createBackground } from "@hire/console-service/sign_in.ts";
import { createApp as createSiteApp } from "@hire/site-service/app.ts";
import { loadSiteConfig, siteDatabaseOptions, siteSettings } from "@hire/site-service/config.ts";
import { loadStylesheet } from "@hire/site-service/routes/assets.ts";
import { assertConforms } from "./conformance.ts";
import { ownDatabase } from "./own_database.ts";
import { testCertificates } from "./test_ca.ts";
import { TEST_DATABASE_URL } from "./database_url.ts";

/** Environment of the test run, as set by `deno task test`. */
export const TEST_ENV = {
  DATABASE_URL: TEST_DATABASE_URL,
  KAFKA_BROKERS: Deno.env.get("KAFKA_BROKERS") ?? "127.0.0.1:9092",
  PUBLIC_BASE_URL: "https://jobs.example.sa",
  /** A fixed key, so a test can open what the stack sealed (32 bytes of ASCII, never in prod). */
  WEBHOOK_SECRET_KEYS: "test:aGlyZSB0ZXN0IGtleTogbmV2ZXIgaW4gcHJvZCEhISE=",
};

/** A unique suffix for topic and group names. */
export function uniqueName(prefix: string): string {
  // "test." marks what the test runner may delete when a run died before cleaning up.
  return `test.${prefix}.${Date.now().toString(36)}${
    crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)
  }`;
}

/** A JSON response as tests read it. */
export interface ApiResponse {
  status: number;
  headers: Headers;
  // deno-lint-ignore no-explicit-any
  body: any;
}

/** Asserts a 422 `partner.validation_failed` with a field error `code` at `field`, in both languages. */
export function assertFieldError(res: ApiResponse, field: string, code: string): void {
  assert.equal(res.status, 422, JSON.stringify(res.body));
  assert.equal(res.body.code, "partner.validation_failed");
  const e = res.body.errors.find((x: { field: string }) => x.field === field);
  assert.ok(e, `no error for ${field}: ${JSON.stringify(res.body.errors)}`);
  assert.equal(e.code, code);
  assert.ok(e.message.length > 0);
  assert.match(e.messageAr, /[\u0600-\u06FF]/);
}

/** A partner with a key, and a client that sends its key. */
export interface TestPartner {
  partnerId: string;
  apiKey: string;
  /** The partner's first console admin (an address of this partner alone). */
  adminEmail: string;
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse>;
}

/** The running system. */
export interface Stack {
  baseUrl: string;
  /** The public site's base URL: every `service_url` starts with it. */
  siteUrl: string;
  /** The partner console's base URL, when started (`console`). */
  consoleUrl?: string;
  sql: Sql;
  kafka: Kafka;
  topics: Record<"commands" | "events" | "changed" | "embeddingsReady" | "seekers", string>;
  env: Record<string, string>;
  partner(plan?: Plan): Promise<TestPartner>;
  /** Raw request against the edge. */
  fetch(path: string, init?: RequestInit): Promise<ApiResponse>;
  startJobService(): Promise<RunningService>;
  /**
   * Starts another delivery service instance (same groups, topics and settings); stopping
   * one, e.g. the first, leaves the others running.
   */
  startDeliveryService(): Promise<RunningService>;
  /** The stack's vector index (when the pipeline runs). */
  index?: VectorIndex;
  /** Publishes seeker profiles to the stack's seekers topic, as `deno task seekers` does. */
  publishSeekers(seekers: Seeker[]): Promise<void>;
  stop(): Promise<void>;
}

/** Options of {@link startStack}. */
export interface StackOptions {
  /** Start the job service in-process (default true); false for tests that run it themselves. */
  jobService?: boolean;
  commandTimeoutMs?: number;
  /** Where the edge (only) finds Postgres, e.g. through a proxy a test can cut. */
  edgeDatabaseUrl?: string;
  /** Where the edge (only) finds Kafka, e.g. a closed port. */
  edgeBrokers?: string[];
  /** Edge (only) settings, e.g. small plan limits or a deprecation date. */
  edgeEnv?: Record<string, string>;
  /** Public site (only) settings, e.g. a small rate limit or sitemap file size. */
  siteEnv?: Record<string, string>;
  /** A database of this stack's own, e.g. to count what the public feed lists. */
  ownDatabase?: boolean;
  /**
   * Each service (and `partner()`) on a pool of its own acting as its Postgres role
   * (migration 0010), as `deno task dev` and compose run them; by default they share the
   * owner's pool.
   */
  roles?: boolean;
  /** Also run the embedding and matching services, on index tables of this stack's own. */
  pipeline?: PipelineOptions;
  /** Where the services count what they set aside, e.g. for a test to read. */
  metrics?: Registry;
  /**
   * Also run the delivery service, trusting the test CA, with webhooks allowed on private
   * networks (the test receiver is on loopback) at registration and at delivery.
   */
  delivery?: DeliveryOptions;
  /** Also serve the partner console, sending its e-mails to `smtpUrl`. */
  console?: { smtpUrl: string };
}

/** How the delivery service of a test stack runs. */
export interface DeliveryOptions {
  /** Delivery service overrides, e.g. a short WEBHOOK_RETRY_SCHEDULE or WEBHOOK_TIMEOUT. */
  env?: Record<string, string>;
  /** Where disable notices go, e.g. a test SMTP server's URL. */
  smtpUrl?: string;
  /** Start one delivery service (default true); false for tests that start their own. */
  start?: boolean;
}

/** How the pipeline of a test stack runs. */
export interface PipelineOptions {
  /** Environment overrides, e.g. `EMBEDDING_PROVIDER=openai` or a short retry schedule. */
  env?: Record<string, string>;
}

async function readResponse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch { /* not JSON: keep the text */ }
  return { status: res.status, headers: res.headers, body };
}

/** Starts the edge and (by default) the job service on fresh topics. */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  // Every declared topic and group under a name of the stack's own.
  const names = uniqueTopicNames(uniqueName);
  const topics = {
    commands: names.TOPIC_JOBS_COMMANDS,
    events: names.TOPIC_JOBS_EVENTS,
    changed: names.TOPIC_JOBS_CHANGED,
    embeddingsReady: names.TOPIC_EMBEDDINGS_READY,
    seekers: names.TOPIC_SEEKERS,
  };
  const env: Record<string, string> = {
    ...TEST_ENV,
    ...names,
    ...uniqueGroupIds(uniqueName),
    COMMAND_TIMEOUT_MS: String(opts.commandTimeoutMs ?? 5000),
    OUTBOX_INTERVAL_MS: "200",
    // The broker's minimum: a killed job service's partitions move on within seconds.
    KAFKA_SESSION_TIMEOUT_MS: "6000",
    LOG_LEVEL: "warn",
    ...(opts.delivery
      ? {
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
        DELIVERY_POLL_MS: "200",
        DENO_CERT: (await testCertificates()).caPath,
        ...(opts.delivery.smtpUrl ? { SMTP_URL: opts.delivery.smtpUrl } : {}),
      }
      : {}),
  };
  // Stacks running services that sweep shared tables for work get a database of their own.
  const own = opts.pipeline || opts.delivery || opts.ownDatabase
    ? await ownDatabase(env.DATABASE_URL!)
    : undefined;
  if (own) env.DATABASE_URL = own.url;
  const sql = connect(env.DATABASE_URL!, { max: 10, name: "test" });
  // With `roles`, a service's pool acts as its role from the start of each session (the `role`
  // setting), as its login would in deployment; without, the services share the owner's pool.
  const asRole = (role: string, options: ConnectOptions): ConnectOptions =>
    opts.roles ? { ...options, settings: { ...options.settings, role } } : options;
  const rolePools = new Map<string, Sql>();
  const poolOf = (role: string): Sql => {
    if (!opts.roles) return sql;
    if (!rolePools.has(role)) {
      rolePools.set(role, connect(env.DATABASE_URL!, asRole(role, { max: 10, name: role })));
    }
    return rolePools.get(role)!;
  };
  // The site first: its address is every job's service_url, which the services need, and
  // it is known once the site listens.
  const site: { app?: ReturnType<typeof createSiteApp> } = {};
  const siteServer = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    (req, info) => site.app!.fetch(req, info),
  );
  const siteUrl = `http://127.0.0.1:${siteServer.addr.port}`;
  env.SITE_BASE_URL = siteUrl;
  const siteCfg = loadSiteConfig({ ...env, ...opts.siteEnv });
  const siteSql = connect(
    siteCfg.DATABASE_URL,
    asRole(SERVICE_ROLES.site, siteDatabaseOptions(siteCfg)),
  );
  const siteReadiness = startDatabaseReadiness(siteSql);
  site.app = createSiteApp({
    sql: siteSql,
    readiness: siteReadiness,
    log: silentLogger,
    stylesheet: await loadStylesheet(),
    ...siteSettings(siteCfg),
  });
  const edgeCfg = loadEdgeConfig({ ...env, ...opts.edgeEnv });
  const kafka = createKafka({ brokers: edgeCfg.KAFKA_BROKERS, clientId: "test" });
  const deliveryCfg = opts.delivery
    ? loadDeliveryConfig({ ...env, ...opts.delivery.env })
    : undefined;
  // Every service of the stack may touch only the topics the topology declares.
  const declaredOnly = declaredTopicsOnly(names, deliveryCfg?.WEBHOOK_RETRY_SCHEDULE ?? []);
  const queue = guardTopics(createKafkaQueue(kafka), declaredOnly);
  const admin = kafka.admin();
  await admin.connect();
  const stackTopics = topicSpecs(names, [], { numPartitions: 3 });
  await ensureTopics(admin, stackTopics);

  const edgeSql = opts.edgeDatabaseUrl || opts.roles
    ? connect(
      opts.edgeDatabaseUrl ?? env.DATABASE_URL!,
      asRole(SERVICE_ROLES.edge, { max: 10, connectTimeout: 2, name: "test-edge" }),
    )
    : sql;
  const edgeKafka = opts.edgeBrokers
    ? createKafka({ brokers: opts.edgeBrokers, clientId: "test-edge", retry: FAST_FAIL_RETRY })
    : kafka;
  const queueProbe = createKafkaProbe(edgeKafka);
  await queueProbe.connect();
  const readiness = startEdgeReadiness({ sql: edgeSql, queueProbe });
  await Promise.all([readiness.checked(), siteReadiness.checked()]);
  const publisher = guardTopics(createKafkaQueue(edgeKafka), declaredOnly).publisher();
  await publisher.connect();
  const keyCache = createKeyCache(edgeCfg.AUTH_CACHE_TTL_MS);
  const stopKeys = await clearOnKeyChange(edgeSql, keyCache);
  const jobCache = createJobCache(edgeCfg.JOB_CACHE_BYTES, edgeCfg.SITE_BASE_URL);
  const stopJobs = await dropOnJobChange(edgeSql, jobCache);
  const bus = await createCommandBus({
    sql: edgeSql,
    publisher,
    topic: topics.commands,
    timeoutMs: edgeCfg.COMMAND_TIMEOUT_MS,
    log: silentLogger,
  });
  const app = createApp({
    sql: edgeSql,
    bus,
    idempotency: createIdempotencyStore(edgeSql),
    keyCache,
    jobCache,
    readiness,
    // Its errors only: an unexpected 500 then names its cause in the test's output.
    log: createLogger("edge", "error"),
    ...appSettings(edgeCfg),
  });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const baseUrl = `http://127.0.0.1:${server.addr.port}`;

  const consoleService = opts.console ? await startConsole(opts.console.smtpUrl) : undefined;
  async function startConsole(smtpUrl: string) {
    const server = Deno.serve(
      { port: 0, hostname: "127.0.0.1", onListen: () => {} },
      (req, info) => consoleApp.fetch(req, info),
    );
    const url = `http://127.0.0.1:${server.addr.port}`;
    const cfg = loadConsoleConfig({
      ...env,
      CONSOLE_BASE_URL: url,
      SMTP_URL: smtpUrl,
      PUBLIC_BASE_URL: baseUrl,
    });
    const consoleSql = connect(
      cfg.DATABASE_URL,
      asRole(SERVICE_ROLES.console, { max: 5, name: "test-console" }),
    );
    const mailer = createSmtpMailer({ url: smtpUrl, from: cfg.MAIL_FROM });
    const background = createBackground();
    const consoleReadiness = startDatabaseReadiness(consoleSql);
    const consoleApp = createConsoleApp({
      sql: consoleSql,
      log: silentLogger,
      mailer,
      background,
      readiness: consoleReadiness,
      stylesheet: await loadConsoleStylesheet(),
      logSignInLinks: false,
      ...consoleSettings(cfg),
    });
    return {
      url,
      async stop() {
        await server.shutdown();
        await background.settled();
        await mailer.close();
        consoleReadiness.stop();
        await consoleSql.end();
      },
    };
  }

  const services: RunningService[] = [];
  const startJob = async () => {
    const s = await startJobService(loadJobConfig(env), {
      sql: poolOf(SERVICE_ROLES.job),
      queue,
      log: silentLogger,
      metrics: opts.metrics,
    });
    services.push(s);
    return s;
  };
  if (opts.jobService !== false) await startJob();

  let index: VectorIndex | undefined;
  let provider: EmbeddingProvider | undefined;
  const prefix = `t${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}_`;
  if (opts.pipeline) {
    Object.assign(env, {
      EMBEDDING_RETRY_SWEEP_MS: "100",
      ...opts.pipeline.env,
    });
    const embeddingCfg = loadEmbeddingServiceConfig(env);
    provider = await createEmbeddingProvider(embeddingCfg);
    // The embedding service's role makes the index's tables; matching's only searches them.
    const [embeddingSql, matchingSql] = [
      poolOf(SERVICE_ROLES.embedding),
      poolOf(SERVICE_ROLES.matching),
    ];
    const indexOn = (pool: Sql) =>
      createPgvectorIndex({
        sql: pool,
        dimensions: provider!.dimensions,
        tablePrefix: prefix,
        blocks: embeddingSpace(embeddingCfg).blocks,
      });
    index = indexOn(embeddingSql);
    await index.init();
    const matchingIndex = opts.roles ? indexOn(matchingSql) : index;
    if (matchingIndex !== index) await matchingIndex.init();
    services.push(
      await startEmbeddingService(embeddingCfg, {
        sql: embeddingSql,
        queue,
        log: silentLogger,
        provider,
        index,
        metrics: opts.metrics,
      }),
      await startMatchingService(loadMatchingConfig(env), {
        sql: matchingSql,
        queue,
        log: silentLogger,
        index: matchingIndex,
        metrics: opts.metrics,
      }),
    );
  }

  let ladder: string[] = [];
  let startDelivery: (() => Promise<RunningService>) | undefined;
  if (opts.delivery) {
    // Overrides reach only the delivery service, e.g. to refuse private addresses at
    // delivery that the edge accepted at registration.
    const cfg = deliveryCfg!;
    const ladderSpecs = topicSpecs(
      {
        TOPIC_WEBHOOKS_RETRY_PREFIX: cfg.TOPIC_WEBHOOKS_RETRY_PREFIX,
        TOPIC_WEBHOOKS_DEAD: cfg.TOPIC_WEBHOOKS_DEAD,
      },
      cfg.WEBHOOK_RETRY_SCHEDULE,
      { numPartitions: 3 },
    );
    ladder = ladderSpecs.map((t) => t.topic);
    await ensureTopics(admin, ladderSpecs);
    // Each instance is a whole new process as far as Kafka and Postgres can tell (own
    // client, mailer and connections' state), with the same groups and topics.
    startDelivery = async () => {
      // DENO_CERT (set above) names the test CA, as an operator would name a private one.
      const client = createWebhookHttpClient(await webhookClientOptions(cfg));
      const mailer = cfg.SMTP_URL
        ? createSmtpMailer({ url: cfg.SMTP_URL, from: cfg.MAIL_FROM })
        : undefined;
      const delivery = await startDeliveryService(cfg, {
        sql: poolOf(SERVICE_ROLES.delivery),
        queue,
        log: silentLogger,
        metrics: opts.metrics,
        client,
        mailer,
      });
      const running: RunningService = {
        async stop() {
          const at = services.indexOf(running);
          if (at < 0) return;
          services.splice(at, 1);
          await delivery.stop();
          client.close();
          await mailer?.close();
        },
      };
      services.push(running);
      return running;
    };
    if (opts.delivery.start !== false) await startDelivery();
  }

  const rawFetch = async (path: string, init?: RequestInit) => {
    const res = await readResponse(await fetch(baseUrl + path, init));
    // Every response any test gets must be one the API document describes.
    await assertConforms({ method: init?.method ?? "GET", path, ...res });
    return res;
  };

  return {
    baseUrl,
    siteUrl,
    consoleUrl: consoleService?.url,
    sql,
    kafka,
    topics,
    env,
    fetch: rawFetch,
    async partner(plan: Plan = "growth") {
      const adminEmail = `${uniqueName("admin")}@example.sa`.toLowerCase();
      const issued = await createPartner(poolOf(SERVICE_ROLES.admin), {
        name: "Test Partner",
        plan,
        adminEmails: [adminEmail],
      });
      return {
        partnerId: issued.partner_id,
        adminEmail,
        apiKey: issued.api_key,
        call: (method, path, body, headers = {}) =>
          rawFetch(path, {
            method,
            headers: {
              authorization: `Bearer ${issued.api_key}`,
              ...(body === undefined ? {} : { "content-type": "application/json" }),
              ...headers,
            },
            body: body === undefined
              ? undefined
              : typeof body === "string"
              ? body
              : JSON.stringify(body),
          }),
      };
    },
    startJobService: startJob,
    startDeliveryService() {
      if (!startDelivery) throw new Error("the stack was started without `delivery`");
      return startDelivery();
    },
    index,
    async publishSeekers(seekers) {
      await publisher.sendBatch({
        topicMessages: [{ topic: topics.seekers, messages: seekers.map(encodeSeeker) }],
      });
    },
    async stop() {
      await server.shutdown();
      await consoleService?.stop();
      readiness.stop();
      siteReadiness.stop();
      await siteServer.shutdown();
      await siteSql.end();
      for (const s of [...services]) await s.stop();
      if (opts.pipeline) {
        await provider?.close();
        await sql.unsafe(`DROP TABLE IF EXISTS ${prefix}job_vectors, ${prefix}seeker_vectors`);
      }
      await bus.close().catch(() => {});
      await stopKeys().catch(() => {});
      await stopJobs().catch(() => {});
      await publisher.disconnect();
      await queueProbe.disconnect();
      // Tests leave no topics behind on the shared broker, nor events for them to publish.
      const all = [...new Set([...stackTopics.map((t) => t.topic), ...ladder])];
      await sql`DELETE FROM outbox_pending WHERE topic IN ${sql(all)}`;
      await sql`DELETE FROM outbox WHERE topic IN ${sql(all)}`;
      await admin.deleteTopics({ topics: all }).catch(() => {});
      await admin.disconnect();
      if (edgeSql !== sql) await edgeSql.end({ timeout: 1 });
      for (const pool of rolePools.values()) await pool.end();
      await sql.end();
      await own?.drop();
    },
  };
}

/** A valid create body; override any field. */
export function jobBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Senior Backend Engineer",
    description: "Build the partner API. Arabic and English speakers welcome.",
    city: "Riyadh",
    employment_type: "full_time",
    salary_min: 15000,
    salary_max: 25000,
    ...overrides,
  };
}
