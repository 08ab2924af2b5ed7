/**
 * Late work deferred to the retry sweeper: its retry time moves, its attempts do not, and a
 * row whose text changed since it was read is left to the newer version's message.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { jobRow } from "@hire/testing/job_rows.ts";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { seekerProfile } from "@hire/testing/seeker_rows.ts";
import { claimDueEmbeddingRetries, deferJobEmbeddings, saveJobs } from "./jobs.ts";
import { createPartner } from "./partners.ts";
import { deferSeekerEmbeddings, upsertSeekers } from "./seekers.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const db = await ownDatabase(
  TEST_DATABASE_URL,
);
const sql = connect(db.url, { max: 2, name: "embedding-deferral-test" });
Deno.test.afterAll(async () => {
  await sql.end();
  await db.drop();
});

const until = new Date("2030-01-01T00:00:00Z");

Deno.test("deferJobEmbeddings moves the retry time of the versions read, and nothing else", async () => {
  const { partner_id: partnerId } = await createPartner(sql, {
    name: "Deferral",
    plan: "growth",
    adminEmails: [],
  });
  const [read, changed, deleted] = [
    jobRow({ partnerId }),
    jobRow({ partnerId }),
    jobRow({ partnerId }),
  ];
  await sql.begin((tx) =>
    saveJobs(tx, [
      read,
      { ...read, id: changed.id, content_version: 2 },
      { ...deleted, deleted_at: new Date() },
    ])
  );
  await sql`UPDATE jobs SET embedding_attempts = 2 WHERE id = ${read.id}`;

  // `changed` was read at version 1 but is stored at version 2; `deleted` was deleted since.
  await deferJobEmbeddings(sql, [read, { ...changed, content_version: 1 }, deleted], until);
  await deferJobEmbeddings(sql, [], until);

  const rows = await sql<{ id: string; embedding_retry_at: Date | null; attempts: number }[]>`
    SELECT id, embedding_retry_at, embedding_attempts AS attempts FROM jobs
    WHERE id IN ${sql([read.id, changed.id, deleted.id])}`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  assert.deepEqual(byId.get(read.id)!.embedding_retry_at, until);
  assert.equal(byId.get(read.id)!.attempts, 2, "a deferral is not an attempt");
  assert.equal(byId.get(changed.id)!.embedding_retry_at, null, "a newer text is left alone");
  assert.equal(byId.get(deleted.id)!.embedding_retry_at, null, "a deleted job is left alone");
});

Deno.test("deferSeekerEmbeddings moves the retry time of the texts read, and nothing else", async () => {
  const [read, changed] = [
    seekerProfile({ content_hash: "h1" }),
    seekerProfile({ content_hash: "h2" }),
  ];
  await upsertSeekers(sql, [read, changed]);

  await deferSeekerEmbeddings(sql, [read, { ...changed, content_hash: "h1" }], until);
  await deferSeekerEmbeddings(sql, [], until);

  const rows = await sql<{ id: string; embedding_retry_at: Date | null; attempts: number }[]>`
    SELECT id, embedding_retry_at, embedding_attempts AS attempts FROM seekers
    WHERE id IN ${sql([read.id, changed.id])}`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  assert.deepEqual(byId.get(read.id)!.embedding_retry_at, until);
  assert.equal(byId.get(read.id)!.attempts, 0);
  assert.equal(byId.get(changed.id)!.embedding_retry_at, null, "a newer text is left alone");
});

Deno.test("claimDueEmbeddingRetries claims live jobs only", async () => {
  const { partner_id: partnerId } = await createPartner(sql, {
    name: "Claims",
    plan: "growth",
    adminEmails: [],
  });
  const due = new Date(Date.now() - 1000);
  const [live, deleted] = [jobRow({ partnerId }), jobRow({ partnerId })];
  await sql.begin((tx) =>
    saveJobs(tx, [
      { ...live, embedding_retry_at: due },
      { ...deleted, embedding_retry_at: due, deleted_at: new Date() },
    ])
  );
  const claimed = await claimDueEmbeddingRetries(sql, { limit: 1000, lease: "2 minutes" });
  assert.ok(claimed.includes(live.id));
  assert.ok(!claimed.includes(deleted.id), "a deleted job is never embedded again");
});
