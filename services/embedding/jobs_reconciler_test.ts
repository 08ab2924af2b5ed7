/**
 * The jobs reconciler as the consumer and the sweeper call it, on real Postgres, pgvector and
 * the `openai` provider against a local HTTP server: a burst makes fresh work late, a job's
 * schedule goes once nothing waits for it (its job purged too), and a change naming another
 * partner moves nothing.
 */
import assert from "node:assert/strict";
import { connect, type Sql } from "@hire/db";
import { createEmbeddingProvider } from "@hire/embedding";
import type { JobRow } from "@hire/jobs";
import { silentLogger } from "@hire/log";
import { createPartner, saveJobs, scheduleJobEmbeddings } from "@hire/tables";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { startEmbeddingServer } from "@hire/testing/embedding_server.ts";
import { jobRow } from "@hire/testing/job_rows.ts";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { createPgvectorIndex, type VectorIndex } from "@hire/vector";
import { loadEmbeddingServiceConfig } from "./config.ts";
import { reconcileJobChanges, reconcileJobs } from "./jobs_reconciler.ts";
import { type PipelineDeps, pipelineDeps } from "./pipeline_deps.ts";

interface Setup {
  sql: Sql;
  deps: PipelineDeps;
  index: VectorIndex;
  /** The API's CPU the yield gate hears, in % of one core. */
  setApiCpu(percent: number): void;
  /** `n` new jobs of one partner, stored. */
  jobs(n: number): Promise<JobRow[]>;
  /** Each job's embedding status and scheduled time, in the order given. */
  state(rows: JobRow[]): Promise<{ embedding_status: string; due_at: Date | null }[]>;
}

async function withReconciler(env: Record<string, string>, test: (s: Setup) => Promise<void>) {
  const db = await ownDatabase(TEST_DATABASE_URL);
  const sql = connect(db.url, { max: 4, name: "jobs-reconciler-test" });
  const server = startEmbeddingServer(8);
  const cfg = loadEmbeddingServiceConfig({ DATABASE_URL: db.url, ...server.env, ...env });
  const provider = await createEmbeddingProvider(cfg);
  const index = createPgvectorIndex({ sql, dimensions: provider.dimensions });
  try {
    await index.init();
    let apiCpu = 0;
    const deps = pipelineDeps(cfg, {
      sql,
      provider,
      index,
      log: silentLogger,
      apiLoad: { current: () => apiCpu, stop: () => Promise.resolve() },
    });
    const { partner_id: partnerId } = await createPartner(sql, {
      name: "Reconciler",
      plan: "growth",
      adminEmails: [],
    });
    await test({
      sql,
      deps,
      index,
      setApiCpu: (percent) => (apiCpu = percent),
      async jobs(n) {
        const rows = Array.from({ length: n }, () => jobRow({ partnerId }));
        await sql.begin((tx) => saveJobs(tx, rows));
        return rows;
      },
      async state(rows) {
        const found = await sql<{ id: string; embedding_status: string; due_at: Date | null }[]>`
          SELECT id, embedding_status, s.due_at FROM jobs
          LEFT JOIN job_embedding_schedule s ON s.job_id = jobs.id
          WHERE id IN ${sql(rows.map((r) => r.id))}`;
        const byId = new Map(found.map(({ id, ...state }) => [id, state]));
        return rows.map((r) => byId.get(r.id)!);
      },
    });
  } finally {
    await index.close();
    await provider.close();
    await sql.end();
    await server.stop();
    await db.drop();
  }
}

Deno.test("a burst of fresh jobs is deferred while the API is busy, and embedded once it is quiet", async () => {
  await withReconciler({ EMBEDDING_YIELD_BURST_PER_S: "2" }, async (s) => {
    const rows = await s.jobs(12);
    s.setApiCpu(5);
    // Two arrive, well under 2 a second over 5 s: fresh, embedded at once however busy.
    await reconcileJobs(s.deps, rows.slice(0, 2).map((r) => r.id));
    // Ten more at once: 12 in the span is above 2 a second, a burst; the API is busy.
    await reconcileJobs(s.deps, rows.slice(2).map((r) => r.id));
    const during = await s.state(rows);
    assert.equal(during.filter((r) => r.embedding_status === "ready").length, 2);
    const deferred = during.filter((r) => r.embedding_status === "processing");
    assert.equal(deferred.length, 10);
    assert.ok(deferred.every((r) => r.due_at !== null), "handed to the sweeper");

    // The sweeper brings them back (claimed) once due; the API went quiet.
    s.setApiCpu(0);
    await reconcileJobs(s.deps, rows.slice(2).map((r) => r.id), { claimed: true });
    const after = await s.state(rows);
    assert.ok(after.every((r) => r.embedding_status === "ready"));
    assert.ok(after.every((r) => r.due_at === null), "nothing left scheduled");
  });
});

Deno.test("a job deleted, purged or embedded while its schedule waited loses the schedule when reconciled", async () => {
  await withReconciler({}, async (s) => {
    const [deleted, claimedDeleted, readyElsewhere, waiting, purged] = await s.jobs(5);
    const later = new Date(Date.now() + 60_000);
    await scheduleJobEmbeddings(s.sql, [deleted!, claimedDeleted!, readyElsewhere!], later);
    await scheduleJobEmbeddings(s.sql, [purged!], later);
    await scheduleJobEmbeddings(s.sql, [waiting!], later);
    await s.sql.begin((tx) =>
      saveJobs(tx, [
        { ...deleted!, deleted_at: new Date() },
        { ...claimedDeleted!, deleted_at: new Date() },
      ])
    );
    // Embedded by another path (a newer version's message, or a crash before the schedule
    // was dropped): the row says ready, the schedule is left.
    await s.sql`UPDATE jobs SET embedding_status = 'ready', embedded_version = 1
      WHERE id = ${readyElsewhere!.id}`;
    // Gone for good while its schedule waited (a crash before the deletion's message dropped
    // it, then the retention's purge): nothing refers the schedule to the job any more.
    await s.sql`DELETE FROM jobs WHERE id = ${purged!.id}`;

    // The deleted job's message, as the consumer gets it.
    await reconcileJobs(s.deps, [deleted!.id, readyElsewhere!.id, waiting!.id]);
    await reconcileJobs(s.deps, [claimedDeleted!.id, purged!.id], { claimed: true });

    const [a, b, c, d] = await s.state([deleted!, claimedDeleted!, readyElsewhere!, waiting!]);
    assert.equal(a!.due_at, null, "a deleted job's schedule goes");
    assert.equal(b!.due_at, null, "and when the sweeper claimed it");
    assert.equal(c!.due_at, null, "a ready job's schedule goes");
    assert.deepEqual(d!.due_at, later, "a job still waiting keeps its own");
    assert.equal(d!.embedding_status, "processing", "and is not embedded before it");
    assert.equal(await s.index.getJob(waiting!.id), undefined);
    const [left] = await s.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM job_embedding_schedule WHERE job_id = ${purged!.id}`;
    assert.equal(left!.n, 0, "a purged job's schedule goes when the sweeper claims it");
  });
});

Deno.test("a job whose every change names another partner is left alone; one right change is enough", async () => {
  await withReconciler({}, async (s) => {
    const [forged, both] = await s.jobs(2);
    const other = "ptr_01M8OTHERPARTNER000000000";
    const foreign = await reconcileJobChanges(s.deps, [
      { job_id: forged!.id, partner_id: other },
      { job_id: both!.id, partner_id: other },
      { job_id: both!.id, partner_id: both!.partner_id },
    ]);
    assert.deepEqual(
      foreign.map((f) => f?.ids.job_partner_id),
      [forged!.partner_id, both!.partner_id, undefined],
      "each forged change, with the owner, for the set-aside",
    );
    const [a, b] = await s.state([forged!, both!]);
    assert.equal(a!.embedding_status, "processing", "a forged change moves nothing");
    assert.equal(await s.index.getJob(forged!.id), undefined);
    assert.equal(b!.embedding_status, "ready", "the job's own change beside a forged one");
    // A job not stored contradicts nothing: its change is reconciled (the index forgets it).
    assert.deepEqual(
      await reconcileJobChanges(s.deps, [{ job_id: "job_gone", partner_id: other }]),
      [undefined],
    );
  });
});
