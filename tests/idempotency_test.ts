import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { jobBody, startStack } from "@hire/testing/stack.ts";

const stack = await startStack();
Deno.test.afterAll(() => stack.stop());

const countJobs = async (partnerId: string) =>
  Number((await stack.sql`SELECT count(*) AS n FROM jobs WHERE partner_id = ${partnerId}`)[0]!.n);

Deno.test("the same Idempotency-Key and body replay the original 201 and body", async () => {
  const partner = await stack.partner();
  const key = crypto.randomUUID();
  const first = await partner.call("POST", "/v1/partner/jobs", jobBody(), {
    "idempotency-key": key,
  });
  assert.equal(first.status, 201);
  assert.equal(first.headers.get("idempotent-replayed"), null);
  // Key order and whitespace do not make a different request.
  const reordered = JSON.stringify(
    Object.fromEntries(Object.entries(jobBody()).reverse()),
    null,
    2,
  );
  const again = await partner.call("POST", "/v1/partner/jobs", reordered, {
    "idempotency-key": key,
  });
  assert.equal(again.status, 201);
  assert.deepEqual(again.body, first.body);
  assert.equal(again.headers.get("idempotent-replayed"), "true");
  assert.equal(await countJobs(partner.partnerId), 1);
});

Deno.test("the same Idempotency-Key with a different body answers 422 partner.idempotency_mismatch", async () => {
  const partner = await stack.partner();
  const key = crypto.randomUUID();
  assert.equal(
    (await partner.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key })).status,
    201,
  );
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody({ title: "Other title" }), {
    "idempotency-key": key,
  });
  assert.equal(res.status, 422);
  assert.equal(res.body.code, "partner.idempotency_mismatch");
  assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
  assert.equal(await countJobs(partner.partnerId), 1);
});

Deno.test("keys are scoped per partner", async () => {
  const a = await stack.partner();
  const b = await stack.partner();
  const key = crypto.randomUUID();
  const ra = await a.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key });
  const rb = await b.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key });
  assert.equal(ra.status, 201);
  assert.equal(rb.status, 201);
  assert.notEqual(ra.body.id, rb.body.id);
});

Deno.test("50 concurrent identical requests with one key create exactly one job", async () => {
  const partner = await stack.partner();
  const key = crypto.randomUUID();
  const results = await Promise.all(
    Array.from(
      { length: 50 },
      () => partner.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key }),
    ),
  );
  const statuses = results.map((r) => r.status);
  assert.ok(statuses.every((s) => s === 201 || s === 409), statuses.join(","));
  const created = results.filter((r) => r.status === 201);
  assert.ok(created.length >= 1);
  assert.equal(new Set(created.map((r) => r.body.id)).size, 1);
  for (const r of results.filter((r) => r.status === 409)) {
    assert.equal(r.body.code, "partner.idempotency_in_progress");
  }
  assert.equal(await countJobs(partner.partnerId), 1);
  // Once settled, every retry replays the one job.
  const later = await partner.call("POST", "/v1/partner/jobs", jobBody(), {
    "idempotency-key": key,
  });
  assert.equal(later.status, 201);
  assert.equal(later.body.id, created[0]!.body.id);
});

Deno.test("a refused body does not use up the key", async () => {
  const partner = await stack.partner();
  const key = crypto.randomUUID();
  assert.equal(
    (await partner.call("POST", "/v1/partner/jobs", jobBody({ title: "x" }), {
      "idempotency-key": key,
    })).status,
    422,
  );
  assert.equal(
    (await partner.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key })).status,
    201,
  );
});

Deno.test("an invalid Idempotency-Key answers 422 naming the header", async () => {
  const partner = await stack.partner();
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody(), {
    "idempotency-key": "x".repeat(256),
  });
  assert.equal(res.status, 422);
  assert.equal(res.body.errors[0].field, "/headers/Idempotency-Key");
});

Deno.test("a key is reusable after 24 hours", async () => {
  const partner = await stack.partner();
  const key = crypto.randomUUID();
  const first = await partner.call("POST", "/v1/partner/jobs", jobBody(), {
    "idempotency-key": key,
  });
  await stack.sql`UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 second'
    WHERE partner_id = ${partner.partnerId} AND key = ${key}`;
  const second = await partner.call("POST", "/v1/partner/jobs", jobBody({ title: "A new job" }), {
    "idempotency-key": key,
  });
  assert.equal(second.status, 201);
  assert.notEqual(second.body.id, first.body.id);
});

/**
 * The claim a request for `jobBody()` leaves behind when its edge dies before answering;
 * `abandoned` dates it past the takeover delay.
 */
async function forgeClaim(
  partnerId: string,
  key: string,
  claim: { commandId: string; jobId: string; abandoned: boolean },
) {
  const { requestFingerprint } = await import("@hire/edge-service/idempotency.ts");
  const fingerprint = await requestFingerprint("POST", "/v1/partner/jobs", jobBody());
  const commands = [{ index: 0, command_id: claim.commandId, job_id: claim.jobId }];
  await stack.sql`
    INSERT INTO idempotency_keys (partner_id, key, request_hash, state, commands, locked_at)
    VALUES (${partnerId}, ${key}, ${fingerprint}, 'in_progress', ${stack.sql.json(commands)},
            now() - ${claim.abandoned ? "2 minutes" : "0 seconds"}::interval)`;
}

Deno.test("a claim abandoned by a crashed request is taken over: its job is returned if it was created", async () => {
  const partner = await stack.partner();
  const key = crypto.randomUUID();
  // The crashed request's command took effect: create it through the API without the key,
  // then forge the abandoned claim that request would have left behind.
  const made = await partner.call("POST", "/v1/partner/jobs", jobBody());
  const [settled] = await stack
    .sql`SELECT command_id FROM command_results WHERE job_id = ${made.body.id}`;
  await forgeClaim(partner.partnerId, key, {
    commandId: settled!.command_id,
    jobId: made.body.id,
    abandoned: true,
  });
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key });
  assert.equal(res.status, 201);
  assert.equal(res.body.id, made.body.id);
  assert.equal(await countJobs(partner.partnerId), 1);
});

Deno.test("a claim abandoned before its command took effect is taken over and creates the job once", async () => {
  const partner = await stack.partner();
  const key = crypto.randomUUID();
  const lostCommand = newId("cmd");
  await forgeClaim(partner.partnerId, key, {
    commandId: lostCommand,
    jobId: newId("job"),
    abandoned: true,
  });
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key });
  assert.equal(res.status, 201);
  assert.equal(await countJobs(partner.partnerId), 1);
  // The lost command is fenced off: were it still in flight, it can never apply now.
  const [fence] = await stack
    .sql`SELECT outcome FROM command_results WHERE command_id = ${lostCommand}`;
  assert.equal(fence!.outcome, "expired");
  const replay = await partner.call("POST", "/v1/partner/jobs", jobBody(), {
    "idempotency-key": key,
  });
  assert.equal(replay.body.id, res.body.id);
});

Deno.test("a claim still in progress answers 409 partner.idempotency_in_progress", async () => {
  const partner = await stack.partner();
  const key = crypto.randomUUID();
  await forgeClaim(partner.partnerId, key, {
    commandId: newId("cmd"),
    jobId: newId("job"),
    abandoned: false,
  });
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody(), { "idempotency-key": key });
  assert.equal(res.status, 409);
  assert.equal(res.body.code, "partner.idempotency_in_progress");
  // Retry shortly: the request holding the key usually ends within a second.
  assert.equal(res.headers.get("retry-after"), "1");
  assert.equal(await countJobs(partner.partnerId), 0);
});

Deno.test("a crashed bulk call is taken over item by item: made jobs kept, the rest created", async () => {
  const partner = await stack.partner("growth");
  const key = crypto.randomUUID();
  const body = { jobs: [jobBody({ title: "Made" }), jobBody({ title: "Lost" }), jobBody()] };
  // Item 0's command took effect before the edge died; items 1 and 2 never did.
  const made = await partner.call("POST", "/v1/partner/jobs", jobBody({ title: "Made" }));
  const [settled] = await stack
    .sql`SELECT command_id FROM command_results WHERE job_id = ${made.body.id}`;
  const { requestFingerprint } = await import("@hire/edge-service/idempotency.ts");
  const previous = [
    { index: 0, command_id: settled!.command_id, job_id: made.body.id },
    { index: 1, command_id: newId("cmd"), job_id: newId("job") },
    { index: 2, command_id: newId("cmd"), job_id: newId("job") },
  ];
  await stack.sql`
    INSERT INTO idempotency_keys (partner_id, key, request_hash, state, commands, locked_at)
    VALUES (${partner.partnerId}, ${key},
            ${await requestFingerprint("POST", "/v1/partner/jobs/bulk", body)}, 'in_progress',
            ${stack.sql.json(previous)}, now() - interval '2 minutes')`;
  // The month's quota is used up: items 1 and 2 cannot be created now, and the call fails.
  await stack.sql`
    INSERT INTO job_quota_usage (partner_id, month, used, last_reserved)
    VALUES (${partner.partnerId}, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 20000, 0)
    ON CONFLICT (partner_id, month) DO UPDATE SET used = 20000`;
  const refused = await partner.call("POST", "/v1/partner/jobs/bulk", body, {
    "idempotency-key": key,
  });
  assert.equal(refused.status, 429);
  // The claim still names item 0's job, so a retry does not make it twice.
  const [claim] = await stack.sql<{ commands: { index: number; job_id: string }[] }[]>`
    SELECT commands FROM idempotency_keys WHERE partner_id = ${partner.partnerId} AND key = ${key}`;
  assert.deepEqual(claim!.commands.find((c) => c.index === 0)?.job_id, made.body.id);

  await stack.sql`UPDATE job_quota_usage SET used = 0 WHERE partner_id = ${partner.partnerId}`;
  const res = await partner.call("POST", "/v1/partner/jobs/bulk", body, { "idempotency-key": key });
  assert.equal(res.status, 207, JSON.stringify(res.body));
  assert.deepEqual(res.body.created.map((c: { index: number }) => c.index), [0, 1, 2]);
  assert.equal(res.body.created[0].id, made.body.id);
  assert.equal(await countJobs(partner.partnerId), 3);
  const replay = await partner.call("POST", "/v1/partner/jobs/bulk", body, {
    "idempotency-key": key,
  });
  assert.deepEqual(replay.body, res.body);
});
