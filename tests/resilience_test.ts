import assert from "node:assert/strict";
import { waitForCaughtUp } from "@hire/testing/consumer_lag.ts";
import { readEvents } from "@hire/testing/events.ts";
import { jobBody, startStack, TEST_ENV } from "@hire/testing/stack.ts";
import { startTcpProxy } from "@hire/testing/tcp_proxy.ts";
import { waitUntil } from "@hire/testing/wait.ts";

const countJobs = async (sql: import("@hire/db").Sql, partnerId: string) =>
  Number((await sql`SELECT count(*) AS n FROM jobs WHERE partner_id = ${partnerId}`)[0]!.n);

Deno.test("Kafka unreachable: writes answer 503 with Retry-After, reads still work, nothing is half-done", async () => {
  const stack = await startStack({ edgeBrokers: ["127.0.0.1:1"] });
  try {
    const partner = await stack.partner();
    const key = crypto.randomUUID();
    const res = await partner.call("POST", "/v1/partner/jobs", jobBody(), {
      "idempotency-key": key,
    });
    assert.equal(res.status, 503);
    assert.equal(res.body.code, "partner.unavailable");
    assert.equal(res.headers.get("retry-after"), "5");
    assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
    assert.equal(await countJobs(stack.sql, partner.partnerId), 0);
    // The key was released: a retry is a fresh attempt, not a 409.
    const [claim] = await stack
      .sql`SELECT 1 FROM idempotency_keys WHERE partner_id = ${partner.partnerId}`;
    assert.equal(claim, undefined);
    assert.equal((await partner.call("GET", "/v1/partner/jobs")).status, 200);
    const ready = await stack.fetch("/readyz");
    assert.equal(ready.status, 503);
    assert.deepEqual(ready.body.checks, { postgres: "ok", kafka: "unavailable" });
  } finally {
    await stack.stop();
  }
});

Deno.test("Postgres unreachable from the edge: requests answer 503, never 500, and nothing is created", async () => {
  const target = new URL(TEST_ENV.DATABASE_URL);
  const proxy = startTcpProxy({ hostname: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(TEST_ENV.DATABASE_URL);
  viaProxy.port = String(proxy.port);
  const stack = await startStack({ edgeDatabaseUrl: viaProxy.toString() });
  try {
    const cached = await stack.partner();
    const fresh = await stack.partner();
    assert.equal((await cached.call("GET", "/v1/partner/jobs")).status, 200);
    proxy.cut();

    const unauthenticated = await fresh.call("GET", "/v1/partner/jobs");
    assert.equal(unauthenticated.status, 503);
    assert.equal(unauthenticated.body.code, "partner.unavailable");
    const read = await cached.call("GET", "/v1/partner/jobs");
    assert.equal(read.status, 503);
    const write = await cached.call("POST", "/v1/partner/jobs", jobBody(), {
      "idempotency-key": crypto.randomUUID(),
    });
    assert.equal(write.status, 503);
    assert.equal(write.headers.get("retry-after"), "5");
    assert.equal(await countJobs(stack.sql, cached.partnerId), 0);
    // /readyz answers from a probe the edge runs every 2 s: it shows the outage by the next one.
    const ready = await waitUntil("/readyz to see the outage", async () => {
      const res = await stack.fetch("/readyz");
      return res.body.checks.postgres === "unavailable" ? res : undefined;
    }, { timeoutMs: 10_000 });
    assert.equal(ready.status, 503);
    assert.deepEqual(ready.body.checks, { postgres: "unavailable", kafka: "ok" });
  } finally {
    proxy.cut();
    await stack.stop();
  }
});

Deno.test("job service down past the deadline: 503, and the command never takes effect later", async () => {
  const stack = await startStack({ jobService: false, commandTimeoutMs: 800 });
  try {
    const partner = await stack.partner();
    const res = await partner.call("POST", "/v1/partner/jobs", jobBody());
    assert.equal(res.status, 503);
    assert.equal(res.headers.get("retry-after"), "5");
    await stack.startJobService();
    await waitForCaughtUp(stack.kafka, stack.env.JOB_GROUP_ID!, stack.topics.commands);
    assert.equal(await countJobs(stack.sql, partner.partnerId), 0);
    // The service is healthy now: the retry succeeds.
    assert.equal((await partner.call("POST", "/v1/partner/jobs", jobBody())).status, 201);
    assert.equal(await countJobs(stack.sql, partner.partnerId), 1);
  } finally {
    await stack.stop();
  }
});

function spawnJobService(env: Record<string, string>): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../services/job/main.ts", import.meta.url).pathname],
    env: { ...env, LOG_LEVEL: "error" },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
}

Deno.test("killing the job service while commands are in flight loses none of them and doubles none", async () => {
  const stack = await startStack({ jobService: false, commandTimeoutMs: 60_000 });
  const events = await readEvents(stack.kafka, stack.topics.events);
  let service = spawnJobService(stack.env);
  try {
    const partner = await stack.partner();
    const seeded = [];
    for (let i = 0; i < 20; i++) {
      const r = await partner.call("POST", "/v1/partner/jobs", jobBody({ title: `Seed ${i}` }));
      assert.equal(r.status, 201);
      seeded.push(r.body.id as string);
    }

    let answered = 0;
    const requests = [
      ...Array.from(
        { length: 100 },
        (_, i) => () =>
          partner.call("POST", "/v1/partner/jobs", jobBody({ title: `Created ${i}` })),
      ),
      ...seeded.map((id, i) => () =>
        partner.call("PATCH", `/v1/partner/jobs/${id}`, { title: `Renamed ${i}` })
      ),
    ];
    const inFlight = requests.map((send) => send().then((r) => (answered++, r)));

    while (answered < 30) await new Promise((r) => setTimeout(r, 5));
    service.kill("SIGKILL");
    await service.status;
    // The job service applies commands in batches, so the first wave may all be answered
    // by now; a second wave sent while it is dead is surely in flight across the restart.
    const whileDead = Array.from(
      { length: 20 },
      (_, i) => partner.call("POST", "/v1/partner/jobs", jobBody({ title: `While dead ${i}` })),
    );
    service = spawnJobService(stack.env);

    const results = await Promise.all([...inFlight, ...whileDead]);
    assert.deepEqual(
      results.map((r) => r.status).filter((s) => s !== 200 && s !== 201),
      [],
    );
    assert.equal(await countJobs(stack.sql, partner.partnerId), 140);
    const renamed = await stack.sql`SELECT count(*) AS n FROM jobs
      WHERE partner_id = ${partner.partnerId} AND title LIKE 'Renamed %'`;
    assert.equal(Number(renamed[0]!.n), 20);
    // Every rename's event reaches the topic; a redelivery may repeat one, never invent one.
    await events.waitFor((es) => new Set(es.map((e) => e.id)).size === 20, 60_000).catch(
      async (err) => {
        const outbox = await stack
          .sql`SELECT (SELECT count(*) FROM outbox_pending WHERE topic = ${stack.topics.events})
          AS pending, count(*) AS total FROM outbox WHERE topic = ${stack.topics.events}`;
        throw new Error(`${err.message}; outbox for the topic: ${JSON.stringify(outbox[0])}`);
      },
    );
    const ids = new Set(events.events.map((e) => e.type === "job.updated" ? e.data.job.id : ""));
    assert.deepEqual([...ids].sort(), [...seeded].sort());
  } finally {
    service.kill("SIGTERM");
    await service.status;
    await events.stop();
    await stack.stop();
  }
});
