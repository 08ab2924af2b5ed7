/**
 * A chunk's embedded texts are marked in one statement: only the versions that were read
 * are marked, the answer keeps the order given, and a job's first time is told apart.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { jobRow } from "@hire/testing/job_rows.ts";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { seekerProfile } from "@hire/testing/seeker_rows.ts";
import { markEmbeddingReady, saveJobs } from "./jobs.ts";
import { createPartner } from "./partners.ts";
import { markSeekersEmbedded, upsertSeekers } from "./seekers.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const db = await ownDatabase(
  TEST_DATABASE_URL,
);
const sql = connect(db.url, { max: 2, name: "embedding-ready-test" });
Deno.test.afterAll(async () => {
  await sql.end();
  await db.drop();
});

Deno.test("markEmbeddingReady marks the versions embedded, in the order given, and says which were first", async () => {
  const { partner_id: partnerId } = await createPartner(sql, {
    name: "Ready",
    plan: "growth",
    adminEmails: [],
  });
  const [a, b, changed, deleted, paused] = Array.from({ length: 5 }, () => jobRow({ partnerId }));
  await sql.begin((tx) =>
    saveJobs(tx, [
      { ...a!, embedding_attempts: 2, embedding_error: "timeout" },
      b!,
      { ...changed!, content_version: 2 },
      { ...deleted!, deleted_at: new Date() },
      { ...paused!, status: "paused" },
    ])
  );
  const first = new Date("2030-01-01T00:00:00Z");
  const embedded = [b!, changed!, a!, deleted!, paused!].map((j) => ({
    id: j.id,
    contentVersion: 1,
  }));
  const marked = await sql.begin((tx) => markEmbeddingReady(tx, { jobs: embedded, now: first }));
  assert.deepEqual(marked.map((j) => j.id), [b!.id, a!.id, paused!.id], "order given, stale out");
  assert.ok(marked.every((j) => j.first));
  const byId = new Map(marked.map((j) => [j.id, j]));
  assert.equal(byId.get(a!.id)!.embedding_status, "ready");
  assert.equal(byId.get(a!.id)!.embedding_attempts, 0);
  assert.equal(byId.get(a!.id)!.embedding_error, null);
  assert.equal(byId.get(a!.id)!.embedded_version, 1);
  assert.equal(byId.get(a!.id)!.match_ready, true);
  assert.equal(byId.get(paused!.id)!.match_ready, false, "a paused job is not match-ready");

  const [changedRow] = await sql`SELECT embedding_status, embedded_version FROM jobs
                                 WHERE id = ${changed!.id}`;
  assert.deepEqual({ ...changedRow }, { embedding_status: "processing", embedded_version: 0 });

  const later = new Date("2030-01-02T00:00:00Z");
  const again = await sql.begin((tx) =>
    markEmbeddingReady(tx, { jobs: [{ id: a!.id, contentVersion: 1 }], now: later })
  );
  assert.equal(again[0]!.first, false, "job.created is due once");
  assert.deepEqual(again[0]!.first_ready_at, first);
  assert.deepEqual(await sql.begin((tx) => markEmbeddingReady(tx, { jobs: [], now: later })), []);
});

Deno.test("markSeekersEmbedded marks the texts embedded, in the order given", async () => {
  const [a, b, changed] = [
    seekerProfile({ content_hash: "h1" }),
    seekerProfile({ content_hash: "h1" }),
    seekerProfile({ content_hash: "h2" }),
  ];
  await upsertSeekers(sql, [a, b, changed]);
  await sql`UPDATE seekers SET embedding_attempts = 3, embedding_error = 'timeout'
            WHERE id = ${a.id}`;
  const marked = await sql.begin((tx) =>
    markSeekersEmbedded(tx, [b, changed, a].map((s) => ({ id: s.id, contentHash: "h1" })))
  );
  assert.deepEqual(marked, [b.id, a.id], "order given, a changed text left out");
  const rows = await sql<{ id: string; embedded_hash: string | null; attempts: number }[]>`
    SELECT id, embedded_hash, embedding_attempts AS attempts FROM seekers
    WHERE id IN ${sql([a.id, changed.id])}`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  assert.deepEqual(byId.get(a.id), { id: a.id, embedded_hash: "h1", attempts: 0 });
  assert.equal(byId.get(changed.id)!.embedded_hash, null);
  assert.deepEqual(await sql.begin((tx) => markSeekersEmbedded(tx, [])), []);
});
