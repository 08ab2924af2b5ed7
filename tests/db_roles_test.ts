/**
 * Each service as its own Postgres role (migration 0010): the whole system runs its usual
 * work on pools that act as those roles, and each role is refused what its service never
 * does, above all writing a table another service owns.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { purgeExpired } from "@hire/tables";
import { startReceiver } from "@hire/testing/receiver.ts";
import { seeker } from "@hire/testing/seekers.ts";
import { startStack, TEST_ENV } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import { register } from "@hire/testing/webhooks.ts";

const NURSE_JOB = {
  title: "ICU Registered Nurse",
  description: "Intensive care registered nurse for our Riyadh hospital: bedside care of " +
    "critically ill patients, medication, vital signs, ventilator care, ACLS.",
  city: "Riyadh",
  employment_type: "full_time",
  salary_min: 9000,
  salary_max: 15000,
};
const NURSE = {
  headline: "Registered Nurse | ICU, 6 years of experience",
  skills: ["Patient care", "Ventilator care", "ACLS", "Medication administration"],
  summary: "Intensive care registered nurse: bedside care of critically ill patients, " +
    "medication and vital signs in a Riyadh hospital ICU.",
};

/** The tables each service purges on its timer (`startRetention` in its service.ts). */
const PURGES: Record<string, string[]> = {
  hire_job: ["jobs", "command_results", "outbox"],
  hire_edge: ["idempotency_keys"],
  hire_delivery: ["webhook_deliveries", "webhook_events", "mail_outbox"],
  hire_matching: ["matches"],
  hire_console: ["console_sign_in_tokens", "console_sessions"],
};

Deno.test("every service does its work as its own role: API, pipeline, matches, webhooks, site", async () => {
  const receiver = await startReceiver();
  const stack = await startStack({ roles: true, pipeline: {}, delivery: {} });
  try {
    // The partner command line's role made the partner and its key; the edge's reads them.
    const p = await stack.partner("growth");
    const hook = await register(p, receiver, "/hook", [
      "job.created",
      "job.updated",
      "job.matched",
      "job.deleted",
    ]);

    const key = { "Idempotency-Key": crypto.randomUUID() };
    const created = await p.call("POST", "/v1/partner/jobs", NURSE_JOB, key);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const replay = await p.call("POST", "/v1/partner/jobs", NURSE_JOB, key);
    assert.equal(replay.status, 201);
    assert.equal(replay.body.id, created.body.id);
    const id = created.body.id as string;

    // job service → embedding (jobs, vectors, outbox) → job.created → delivery.
    await waitUntil("match_ready", async () => {
      const res = await p.call("GET", `/v1/partner/jobs/${id}`);
      return res.body.match_ready === true ? true : undefined;
    });
    await stack.publishSeekers([seeker(NURSE)]);
    // embedding (seekers, vectors) → matching (vectors, matches, outbox) → job.matched.
    const matches = await waitUntil("a match", async () => {
      const res = await p.call("GET", `/v1/partner/jobs/${id}/matches`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data.length > 0 ? res.body.data : undefined;
    }, { timeoutMs: 60_000 });
    assert.equal(matches.length, 1);

    const updated = await p.call("PATCH", `/v1/partner/jobs/${id}`, { status: "paused" });
    assert.equal(updated.status, 200);
    assert.equal((await p.call("GET", `/v1/partner/jobs?limit=5`)).status, 200);
    const page = await fetch(`${stack.siteUrl}/jobs/${id}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Test Partner/);

    const types = async (n: number) =>
      (await receiver.waitFor(n, { path: "/hook", timeoutMs: 60_000 })).map((r) =>
        r.headers.get("x-service-event")
      );
    assert.deepEqual((await types(3)).sort(), ["job.created", "job.matched", "job.updated"]);

    // The edge queues a redelivery; the delivery service makes it and records it.
    const log = await p.call("GET", `/v1/partner/webhooks/${hook.id}/deliveries`);
    assert.equal(log.status, 200, JSON.stringify(log.body));
    const first = log.body.data.at(-1);
    const again = await p.call(
      "POST",
      `/v1/partner/webhooks/${hook.id}/deliveries/${first.id}/redeliver`,
    );
    assert.equal(again.status, 202, JSON.stringify(again.body));
    await types(4);

    // A test event the edge queues (its envelope too), the delivery service records with what
    // it sent and got, and the edge reads back with its envelope; a recovery finds nothing.
    const test = await p.call("POST", `/v1/partner/webhooks/${hook.id}/test`, {
      event_type: "job.created",
    });
    assert.equal(test.status, 202, JSON.stringify(test.body));
    await types(5);
    const detail = await waitUntil("the test event's outcome", async () => {
      const res = await p.call("GET", test.headers.get("location")!);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.outcome === "pending" ? undefined : res.body;
    });
    assert.equal(detail.outcome, "succeeded");
    assert.ok(detail.request_headers && detail.response_excerpt !== null, JSON.stringify(detail));
    const recovered = await p.call("POST", `/v1/partner/webhooks/${hook.id}/recover`, {
      since: new Date(Date.now() - 3_600_000).toISOString(),
    });
    assert.equal(recovered.status, 202, JSON.stringify(recovered.body));

    assert.equal((await p.call("DELETE", `/v1/partner/jobs/${id}`)).status, 204);
    assert.equal((await types(6)).filter((t) => t === "job.deleted").length, 1);
    const rotated = await p.call("POST", `/v1/partner/webhooks/${hook.id}/rotate-secret`);
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    const paused = await p.call("PATCH", `/v1/partner/webhooks/${hook.id}`, { is_active: false });
    assert.equal(paused.status, 200, JSON.stringify(paused.body));
    // Its log goes with it (ON DELETE CASCADE, which Postgres runs as the tables' owner).
    assert.equal((await p.call("DELETE", `/v1/partner/webhooks/${hook.id}`)).status, 204);
    const gone = await fetch(`${stack.siteUrl}/jobs/${id}`);
    await gone.body?.cancel();
    assert.equal(gone.status, 410);

    // A year on, so that each purge's DELETE meets rows (the deleted job, its match, the log…).
    const later = new Date(Date.now() + 365 * 86_400_000);
    for (const [role, tables] of Object.entries(PURGES)) {
      const pool = connect(stack.env.DATABASE_URL!, { max: 1, settings: { role } });
      try {
        const counts = await purgeExpired(pool, { now: later, tables });
        assert.deepEqual(Object.keys(counts).sort(), [...tables].sort());
      } finally {
        await pool.end();
      }
    }
  } finally {
    await stack.stop();
    await receiver.stop();
  }
});

/** Statements each role must be refused, one per table it must not touch that way. */
const REFUSED: Record<string, string[]> = {
  hire_edge: [
    `UPDATE webhook_deliveries SET status = 'succeeded'`,
    `DELETE FROM webhook_deliveries`,
    `UPDATE delivery_queue SET locked_until = NULL`,
    `DELETE FROM delivery_queue`,
    `INSERT INTO jobs (id) VALUES ('job_x')`,
    `UPDATE jobs SET status = 'closed'`,
    `UPDATE partners SET plan = 'scale'`,
    `INSERT INTO api_keys (id) VALUES ('key_x')`,
    `UPDATE command_results SET outcome = 'applied'`,
    `INSERT INTO outbox (event_id, key, topic, payload) VALUES ('e', 'k', 't', '{}')`,
    `DELETE FROM outbox_pending`,
    `INSERT INTO matches (job_id) VALUES ('job_x')`,
    `SELECT 1 FROM seekers`,
  ],
  hire_job: [
    `UPDATE webhooks SET url = 'https://x.example'`,
    `INSERT INTO api_keys (id) VALUES ('key_x')`,
    `UPDATE idempotency_keys SET state = 'done'`,
    `INSERT INTO matches (job_id) VALUES ('job_x')`,
    `UPDATE webhook_deliveries SET status = 'failed'`,
    `UPDATE seekers SET city = 'x'`,
    `UPDATE job_embedding_schedule SET due_at = now()`,
  ],
  hire_embedding: [
    `INSERT INTO jobs (id) VALUES ('job_x')`,
    `DELETE FROM jobs`,
    `INSERT INTO matches (job_id) VALUES ('job_x')`,
    `UPDATE partners SET plan = 'scale'`,
    `UPDATE webhooks SET url = 'https://x.example'`,
    `DELETE FROM outbox`,
    `UPDATE outbox_pending SET seq = 0`,
  ],
  hire_matching: [
    `UPDATE jobs SET status = 'closed'`,
    `INSERT INTO jobs (id) VALUES ('job_x')`,
    `UPDATE seekers SET city = 'x'`,
    `UPDATE matches SET score = 1`,
    `UPDATE webhooks SET url = 'https://x.example'`,
    `CREATE TABLE x_job_vectors (job_id text)`,
    `DELETE FROM job_embedding_schedule`,
  ],
  hire_delivery: [
    `INSERT INTO webhooks (id) VALUES ('wh_x')`,
    `DELETE FROM webhooks`,
    `UPDATE jobs SET status = 'closed'`,
    `UPDATE partners SET plan = 'scale'`,
    `INSERT INTO api_keys (id) VALUES ('key_x')`,
    `UPDATE idempotency_keys SET state = 'done'`,
  ],
  hire_site: [
    `INSERT INTO jobs (id) VALUES ('job_x')`,
    `UPDATE jobs SET title = 'x'`,
    `DELETE FROM jobs`,
    `SELECT email FROM partner_users`,
    `SELECT 1 FROM api_keys`,
    `SELECT 1 FROM webhooks`,
    `INSERT INTO outbox (event_id, key, topic, payload) VALUES ('e', 'k', 't', '{}')`,
    `SELECT 1 FROM outbox_pending`,
  ],
  // The console changes keys, webhooks and people, and reads the rest; it never touches the
  // pipeline, moves an attempt, rewrites the audit log or changes a plan.
  hire_console: [
    `INSERT INTO jobs (id) VALUES ('job_x')`,
    `UPDATE jobs SET status = 'closed'`,
    `UPDATE webhook_deliveries SET status = 'succeeded'`,
    `DELETE FROM webhook_deliveries`,
    `UPDATE delivery_queue SET locked_until = NULL`,
    `DELETE FROM delivery_queue`,
    `UPDATE audit_log SET action = 'x'`,
    `DELETE FROM audit_log`,
    `UPDATE partners SET plan = 'scale'`,
    `DELETE FROM api_keys`,
    `INSERT INTO outbox (event_id, key, topic, payload) VALUES ('e', 'k', 't', '{}')`,
    `INSERT INTO outbox_pending (topic, seq) VALUES ('t', 1)`,
    `SELECT 1 FROM seekers`,
    `SELECT 1 FROM idempotency_keys`,
  ],
  hire_admin: [
    `INSERT INTO jobs (id) VALUES ('job_x')`,
    `UPDATE webhooks SET url = 'https://x.example'`,
    `SELECT 1 FROM jobs`,
  ],
};

Deno.test("each role is refused what its service never does, above all another owner's writes", async () => {
  const sql = connect(TEST_ENV.DATABASE_URL, { max: 1, name: "roles-test" });
  try {
    const allowed: string[] = [];
    for (const [role, statements] of Object.entries(REFUSED)) {
      for (const statement of statements) {
        // A rollback after each, so an allowed statement would change nothing either.
        const code = await sql.begin(async (tx) => {
          await tx.unsafe(`SET LOCAL ROLE ${role}`);
          await tx.unsafe(statement);
          throw new Error("allowed");
        }).catch((err) => (err as { code?: string }).code ?? (err as Error).message);
        if (code !== "42501") allowed.push(`${role}: ${statement} (${code})`);
      }
    }
    assert.deepEqual(allowed, []);
  } finally {
    await sql.end();
  }
});
