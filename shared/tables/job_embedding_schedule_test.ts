/**
 * When the embedding service next takes a job's text, kept apart from the job: scheduling,
 * claiming and dropping a schedule never write or lock the job's row, a schedule holds only
 * the version it was written for, a purged job's schedule can be dropped, and the retries and
 * deferrals a release before kept on the jobs (migration 0026) are still taken.
 */
import assert from "node:assert/strict";
import { connect, migrateUpTo } from "@hire/db";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { jobRow } from "@hire/testing/job_rows.ts";
import { ownDatabase, withOwnDatabase } from "@hire/testing/own_database.ts";
import {
  claimDueJobEmbeddings,
  jobsWithSchedule,
  scheduleJobEmbeddings,
  unscheduleJobEmbeddings,
  unscheduleVanishedJobs,
} from "./job_embedding_schedule.ts";
import { purgeDeletedJobs, saveJobs } from "./jobs.ts";
import { createPartner } from "./partners.ts";

const db = await ownDatabase(TEST_DATABASE_URL);
const sql = connect(db.url, { max: 2, name: "job-embedding-schedule-test" });
Deno.test.afterAll(async () => {
  await sql.end();
  await db.drop();
});

const until = new Date("2030-01-01T00:00:00Z");

async function threeJobs(name: string) {
  const { partner_id: partnerId } = await createPartner(sql, {
    name,
    plan: "growth",
    adminEmails: [],
  });
  const jobs = [jobRow({ partnerId }), jobRow({ partnerId }), jobRow({ partnerId })] as const;
  await sql.begin((tx) => saveJobs(tx, [...jobs]));
  return jobs;
}

/**
 * Each job's row version and last locker (`xmin`, `xmax`): they move whenever the row is
 * written or locked, and a lock too is a write to its page (a full-page image in the WAL
 * after a checkpoint), which a foreign key's check took for every schedule (migration 0027).
 */
async function rowVersions(ids: string[]): Promise<Map<string, string>> {
  const rows = await sql<{ id: string; version: string }[]>`
    SELECT id, xmin::text || '/' || xmax::text AS version FROM jobs
    WHERE id = ANY(${ids}::text[])`;
  return new Map(rows.map((r) => [r.id, r.version]));
}

async function schedules(ids: string[]) {
  const rows = await jobsWithSchedule(sql, ids);
  return new Map(rows.map((r) => [r.id, { version: r.scheduled_version, due: r.due_at }]));
}

Deno.test("scheduleJobEmbeddings holds the versions read, leaves the job's row alone, and replaces an earlier schedule", async () => {
  const [read, changed, deleted] = await threeJobs("Schedule");
  await sql.begin((tx) =>
    saveJobs(tx, [{ ...changed, content_version: 2 }, { ...deleted, deleted_at: new Date() }])
  );
  const ids = [read.id, changed.id, deleted.id];
  const before = await rowVersions(ids);

  // `changed` was read at version 1 but is stored at version 2; `deleted` was deleted since.
  await scheduleJobEmbeddings(sql, [read, changed, deleted], new Date("2029-01-01T00:00:00Z"));
  await scheduleJobEmbeddings(sql, [read], until);
  await scheduleJobEmbeddings(sql, [], until);

  assert.deepEqual(await rowVersions(ids), before, "no job's row is written");
  const after = await schedules(ids);
  assert.deepEqual(after.get(read.id), { version: 1, due: until }, "the later schedule replaces");
  assert.deepEqual(after.get(changed.id), { version: null, due: null }, "a newer text is free");
  assert.deepEqual(after.get(deleted.id), { version: null, due: null }, "a deleted job too");
});

Deno.test("unscheduleJobEmbeddings drops the versions given and older, not a newer one's", async () => {
  const [embedded, newer, untouched] = await threeJobs("Unschedule");
  await scheduleJobEmbeddings(sql, [embedded, untouched], until);
  await sql.begin((tx) => saveJobs(tx, [{ ...newer, content_version: 2 }]));
  await scheduleJobEmbeddings(sql, [{ ...newer, content_version: 2 }], until);

  await unscheduleJobEmbeddings(sql, [embedded, newer]);
  await unscheduleJobEmbeddings(sql, []);

  const after = await schedules([embedded.id, newer.id, untouched.id]);
  assert.equal(after.get(embedded.id)!.version, null);
  assert.equal(after.get(newer.id)!.version, 2, "version 2 was scheduled after 1 was read");
  assert.equal(after.get(untouched.id)!.version, 1);
});

Deno.test("claimDueJobEmbeddings claims due schedules once, under a lease, without writing the job", async () => {
  const [due, later, deleted] = await threeJobs("Claims");
  const past = new Date(Date.now() - 1000);
  await scheduleJobEmbeddings(sql, [due, deleted], past);
  await scheduleJobEmbeddings(sql, [later], until);
  // Deleted after it was scheduled: the reconciler drops its schedule when it claims it.
  await sql.begin((tx) => saveJobs(tx, [{ ...deleted, deleted_at: new Date() }]));
  const before = await rowVersions([due.id]);

  const claimed = await claimDueJobEmbeddings(sql, { limit: 1000, lease: "2 minutes" });
  assert.deepEqual(claimed.sort(), [due.id, deleted.id].sort());
  assert.deepEqual(await claimDueJobEmbeddings(sql, { limit: 1000, lease: "2 minutes" }), []);
  const [leased] = await jobsWithSchedule(sql, [due.id]);
  assert.ok(leased!.due_at!.getTime() > Date.now() + 60_000, "held for the lease");
  assert.deepEqual(await rowVersions([due.id]), before);
});

Deno.test("a purged job's schedule is dropped by unscheduleVanishedJobs; a stored job's stays", async () => {
  const [purged, deleted, live] = await threeJobs("Purge");
  await scheduleJobEmbeddings(sql, [purged, deleted, live], until);
  await sql.begin((tx) =>
    saveJobs(tx, [
      { ...purged, deleted_at: new Date("2020-01-01") },
      { ...deleted, deleted_at: new Date() },
    ])
  );
  // The purge is the job service's; it leaves the schedule, which is the embedding service's.
  await purgeDeletedJobs(sql, new Date(Date.now() - 86_400_000));
  assert.deepEqual(await scheduledIds([purged.id, deleted.id, live.id]), [
    purged.id,
    deleted.id,
    live.id,
  ]);
  await unscheduleVanishedJobs(sql, [purged.id, deleted.id, live.id]);
  assert.deepEqual(await scheduledIds([purged.id, deleted.id, live.id]), [deleted.id, live.id]);
});

async function scheduledIds(ids: string[]): Promise<string[]> {
  const rows = await sql<{ job_id: string }[]>`
    SELECT job_id FROM job_embedding_schedule WHERE job_id = ANY(${ids}::text[])`;
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.map((r) => r.job_id).sort((a, b) => order.get(a)! - order.get(b)!);
}

Deno.test("migration 0026 moves every live job's planned retry or deferral into the schedule", async () => {
  await withOwnDatabase({ name: "job-schedule-upgrade-test", upTo: 25 }, async (sql) => {
    const { partner_id: partnerId } = await createPartner(sql, {
      name: "Upgrade",
      plan: "growth",
      adminEmails: [],
    });
    const [retried, deferred, deleted, idle] = [1, 2, 3, 4].map(() => jobRow({ partnerId }));
    await sql.begin((tx) =>
      saveJobs(tx, [retried!, { ...deferred!, content_version: 3 }, deleted!, idle!])
    );
    // As the embedding service of release 0025 left them.
    const later = new Date("2030-01-01T00:00:05Z");
    await sql`UPDATE jobs SET embedding_retry_at = ${until}, embedding_attempts = 2
      WHERE id = ${retried!.id}`;
    await sql`UPDATE jobs SET embedding_retry_at = ${later} WHERE id = ${deferred!.id}`;
    await sql`UPDATE jobs SET embedding_retry_at = ${later}, deleted_at = now()
      WHERE id = ${deleted!.id}`;

    assert.deepEqual(await migrateUpTo(sql, 26), ["0026_job_embedding_schedule.sql"]);

    const rows = await sql<{ job_id: string; version: number; due_at: Date }[]>`
      SELECT job_id, version, due_at FROM job_embedding_schedule ORDER BY due_at`;
    assert.deepEqual([...rows], [
      { job_id: retried!.id, version: 1, due_at: until },
      { job_id: deferred!.id, version: 3, due_at: later },
    ]);
    const [column] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_name = 'jobs' AND column_name = 'embedding_retry_at'`;
    assert.equal(column!.n, 0, "the jobs' column is gone");
  });
});
