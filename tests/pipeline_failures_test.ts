import assert from "node:assert/strict";
import { startEmbeddingServer } from "@hire/testing/embedding_server.ts";
import { readEvents } from "@hire/testing/events.ts";
import { jobBody, startStack } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";

const waitFor = <T>(what: string, probe: () => Promise<T | undefined>) =>
  waitUntil(what, probe, { timeoutMs: 60_000, intervalMs: 50 });

// The pipeline with the `openai` provider against a real local HTTP server that fails on
// demand: retries with backoff, `failed` after the last attempt, recovery by a new text.
const server = startEmbeddingServer(8);
const stack = await startStack({
  pipeline: {
    env: {
      ...server.env,
      EMBEDDING_MAX_ATTEMPTS: "3",
      EMBEDDING_RETRY_BASE_MS: "100",
      EMBEDDING_RETRY_CAP_MS: "300",
    },
  },
});
const events = await readEvents(stack.kafka, stack.topics.events);
Deno.test.afterAll(async () => {
  await events.stop();
  await stack.stop();
  await server.stop();
});
const partner = await stack.partner();

async function jobState(id: string) {
  const [row] = await stack.sql`SELECT embedding_status, match_ready, embedding_attempts,
    embedding_error, s.due_at AS retry_at, embedded_version FROM jobs
    LEFT JOIN job_embedding_schedule s ON s.job_id = jobs.id WHERE id = ${id}`;
  return row!;
}

Deno.test("a provider outage is retried with backoff; the job becomes ready when it ends", async () => {
  server.failWith = 503;
  const job =
    (await partner.call("POST", "/v1/partner/jobs", jobBody({ title: "Outage survivor" }))).body;
  await waitFor("a retry scheduled", async () => {
    const s = await jobState(job.id);
    return s.embedding_attempts >= 1 && s.retry_at ? s : undefined;
  });
  const waiting = await jobState(job.id);
  assert.equal(waiting.embedding_status, "processing");
  assert.match(waiting.embedding_error, /503/);
  server.failWith = undefined;
  const s = await waitFor("ready", async () => {
    const s = await jobState(job.id);
    return s.embedding_status === "ready" ? s : undefined;
  });
  assert.equal(s.embedding_attempts, 0);
  assert.equal(s.embedding_error, null);
  assert.equal(s.match_ready, true);
});

Deno.test("after the last attempt the job is failed with the reason; a title change re-runs it", async () => {
  server.failWith = 500;
  const job =
    (await partner.call("POST", "/v1/partner/jobs", jobBody({ title: "Doomed at first" }))).body;
  const failed = await waitFor("failed", async () => {
    const s = await jobState(job.id);
    return s.embedding_status === "failed" ? s : undefined;
  });
  assert.equal(failed.embedding_attempts, 3);
  assert.equal(failed.match_ready, false);
  assert.match(failed.embedding_error, /500/);
  assert.equal(failed.retry_at, null, "nothing scheduled once given up");
  const api = await partner.call("GET", `/v1/partner/jobs/${job.id}`);
  assert.equal(api.body.embedding_status, "failed");
  assert.equal(api.body.match_ready, false);

  // A permanent state: nothing retries it any more.
  const requests = server.requests;
  await new Promise((r) => setTimeout(r, 700));
  assert.equal(server.requests, requests);

  server.failWith = undefined;
  const patched = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, {
    title: "Second chance",
  });
  assert.equal(patched.body.embedding_status, "processing");
  await waitFor(
    "ready",
    async () => (await jobState(job.id)).embedding_status === "ready" || undefined,
  );
  await events.waitFor((es) =>
    es.some((e) => e.type === "job.created" && e.data.job.id === job.id)
  );
});

Deno.test("a permanent provider refusal fails the job at once, without retries", async () => {
  server.failWith = 400;
  const job =
    (await partner.call("POST", "/v1/partner/jobs", jobBody({ title: "Refused text" }))).body;
  const failed = await waitFor("failed", async () => {
    const s = await jobState(job.id);
    return s.embedding_status === "failed" ? s : undefined;
  });
  assert.equal(failed.embedding_attempts, 1);
  server.failWith = undefined;
});

Deno.test("a text refused beside others fails alone; the jobs created with it become ready", async () => {
  server.refuseTextWith = "Refused beside others";
  try {
    const res = await partner.call(
      "POST",
      "/v1/partner/jobs/bulk",
      {
        jobs: [
          jobBody({ title: "Accepted first" }),
          jobBody({ title: "Refused beside others" }),
          jobBody({ title: "Accepted last" }),
        ],
      },
    );
    assert.equal(res.status, 207, JSON.stringify(res.body));
    const [first, refused, last] = res.body.created.map((c: { id: string }) => c.id);
    const failed = await waitFor("the refused text failed", async () => {
      const s = await jobState(refused);
      return s.embedding_status === "failed" ? s : undefined;
    });
    assert.match(failed.embedding_error, /400/);
    for (const id of [first, last]) {
      const s = await waitFor("ready", async () => {
        const s = await jobState(id);
        return s.embedding_status === "ready" ? s : undefined;
      });
      assert.equal(s.match_ready, true);
    }
    const createdIds = () =>
      events.events.filter((e) => e.type === "job.created").map((e) => e.data.job.id);
    await events.waitFor(() => [first, last].every((id) => createdIds().includes(id)));
    assert.ok(!createdIds().includes(refused), "no job.created for a job that failed");
  } finally {
    server.refuseTextWith = undefined;
  }
});

Deno.test("a redelivered job-changed message changes nothing and emits nothing twice", async () => {
  server.failWith = undefined;
  const job =
    (await partner.call("POST", "/v1/partner/jobs", jobBody({ title: "Delivered twice" }))).body;
  await waitFor(
    "ready",
    async () => (await jobState(job.id)).embedding_status === "ready" || undefined,
  );
  await events.waitFor((es) =>
    es.some((e) => e.type === "job.created" && e.data.job.id === job.id)
  );
  const requests = server.requests;
  // Replay every job-changed message of the job, as Kafka would after a crash.
  const [msg] = await stack
    .sql`SELECT payload FROM outbox WHERE key = ${job.id} AND topic = ${stack.topics.changed}`;
  const { createPublisher } = await import("@hire/kafka");
  const publisher = createPublisher(stack.kafka);
  await publisher.send({
    topic: stack.topics.changed,
    messages: [{ key: job.id, value: JSON.stringify(msg!.payload) }],
  });
  await publisher.disconnect();
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(server.requests, requests, "no embedding again");
  assert.equal(
    events.events.filter((e) => e.type === "job.created" && e.data.job.id === job.id).length,
    1,
  );
});
