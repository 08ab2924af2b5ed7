/**
 * A seeker's late work deferred to the retry sweeper: its retry time moves, its attempts do
 * not, and a row whose text changed since it was read is left to the newer version's message;
 * the sweeper claims it once it is due.
 * Jobs': job_embedding_schedule_test.ts.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { seekerProfile } from "@hire/testing/seeker_rows.ts";
import { claimDueSeekerEmbeddings, deferSeekerEmbeddings, upsertSeekers } from "./seekers.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const db = await ownDatabase(
  TEST_DATABASE_URL,
);
const sql = connect(db.url, { max: 2, name: "seeker-deferral-test" });
Deno.test.afterAll(async () => {
  await sql.end();
  await db.drop();
});

const until = new Date("2030-01-01T00:00:00Z");

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

Deno.test("claimDueSeekerEmbeddings claims due seekers once, under a lease", async () => {
  const [due, later] = [seekerProfile({ content_hash: "d" }), seekerProfile({ content_hash: "l" })];
  await upsertSeekers(sql, [due, later]);
  await deferSeekerEmbeddings(sql, [due], new Date(Date.now() - 1000));
  await deferSeekerEmbeddings(sql, [later], until);

  const claim = { limit: 1000, lease: "2 minutes" };
  const claimed = await claimDueSeekerEmbeddings(sql, claim);
  assert.ok(claimed.includes(due.id), "the due seeker is claimed");
  assert.ok(!claimed.includes(later.id), "a seeker not yet due is not");
  assert.ok(!(await claimDueSeekerEmbeddings(sql, claim)).includes(due.id), "claimed once");
  const [leased] = await sql<{ at: Date }[]>`
    SELECT embedding_retry_at AS at FROM seekers WHERE id = ${due.id}`;
  assert.ok(leased!.at.getTime() > Date.now() + 60_000, "held for the lease");
});
