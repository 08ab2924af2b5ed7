/**
 * A burst makes fresh work late: while texts arrive faster than the configured rate and the
 * API is busy, the consumer's fresh jobs are deferred to the sweeper like a backlog's; once
 * the API is quiet they are embedded. Real Postgres, pgvector and the `openai` provider
 * against a local HTTP server; the reconciler as the consumer calls it.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { createEmbeddingProvider } from "@hire/embedding";
import { silentLogger } from "@hire/log";
import { createPartner, saveJobs } from "@hire/tables";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { startEmbeddingServer } from "@hire/testing/embedding_server.ts";
import { jobRow } from "@hire/testing/job_rows.ts";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { createPgvectorIndex } from "@hire/vector";
import { loadEmbeddingServiceConfig } from "./config.ts";
import { reconcileJobs } from "./jobs_reconciler.ts";
import { pipelineDeps } from "./pipeline_deps.ts";

Deno.test("a burst of fresh jobs is deferred while the API is busy, and embedded once it is quiet", async () => {
  const db = await ownDatabase(TEST_DATABASE_URL);
  const sql = connect(db.url, { max: 4, name: "embedding-burst-test" });
  const server = startEmbeddingServer(8);
  const cfg = loadEmbeddingServiceConfig({
    DATABASE_URL: db.url,
    ...server.env,
    EMBEDDING_YIELD_BURST_PER_S: "2",
  });
  const provider = await createEmbeddingProvider(cfg);
  const index = createPgvectorIndex({ sql, dimensions: provider.dimensions });
  try {
    await index.init();
    let apiCpu = 5;
    const deps = pipelineDeps(cfg, {
      sql,
      provider,
      index,
      log: silentLogger,
      apiLoad: { current: () => apiCpu, stop: () => Promise.resolve() },
    });
    const { partner_id: partnerId } = await createPartner(sql, {
      name: "Burst",
      plan: "growth",
      adminEmails: [],
    });
    const rows = Array.from({ length: 12 }, () => jobRow({ partnerId }));
    await sql.begin((tx) => saveJobs(tx, rows));
    const state = () =>
      sql<{ embedding_status: string; embedding_retry_at: Date | null }[]>`
        SELECT embedding_status, embedding_retry_at FROM jobs
        WHERE id IN ${sql(rows.map((r) => r.id))}`;

    // Two arrive, well under 2 a second over 5 s: fresh, embedded at once however busy.
    await reconcileJobs(deps, rows.slice(0, 2).map((r) => r.id));
    // Ten more at once: 12 in the span is above 2 a second, a burst; the API is busy.
    await reconcileJobs(deps, rows.slice(2).map((r) => r.id));
    const during = await state();
    assert.equal(during.filter((r) => r.embedding_status === "ready").length, 2);
    const deferred = during.filter((r) => r.embedding_status === "processing");
    assert.equal(deferred.length, 10);
    assert.ok(deferred.every((r) => r.embedding_retry_at !== null), "handed to the sweeper");

    // The sweeper brings them back (claimed) once due; the API went quiet.
    apiCpu = 0;
    await reconcileJobs(deps, rows.slice(2).map((r) => r.id), { claimed: true });
    assert.ok((await state()).every((r) => r.embedding_status === "ready"));
  } finally {
    await index.close();
    await provider.close();
    await sql.end();
    await server.stop();
    await db.drop();
  }
});
