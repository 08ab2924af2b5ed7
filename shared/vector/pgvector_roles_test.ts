/**
 * The pgvector index under roles of least privilege, as the services run it: the writer (the
 * embedding service's role) may create in the schema and owns the tables; a reader (the
 * matching service's) may only search them, and its init waits until the writer made them.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { axis, DIMENSIONS, job } from "./contract_fixtures.ts";
import { createPgvectorIndex } from "./pgvector_index.ts";

const url = Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire_test";

Deno.test("pgvector: a reader's init waits for the writer's tables, then it searches and cannot write", async () => {
  const tag = `vr${crypto.randomUUID().slice(0, 8)}`;
  const [writer, reader, prefix] = [`${tag}_writer`, `${tag}_reader`, `${tag}_`];
  const owner = connect(url, { max: 1, name: "vector-roles-test" });
  await owner.unsafe(`
    CREATE ROLE ${writer} NOLOGIN; CREATE ROLE ${reader} NOLOGIN;
    GRANT CREATE ON SCHEMA public TO ${writer};
    ALTER DEFAULT PRIVILEGES FOR ROLE ${writer} IN SCHEMA public GRANT SELECT ON TABLES TO ${reader};
  `).simple();
  const as = (role: string) => connect(url, { max: 2, name: role, settings: { role } });
  const [writerSql, readerSql] = [as(writer), as(reader)];
  const index = (sql: typeof owner) =>
    createPgvectorIndex({ sql, dimensions: DIMENSIONS, tablePrefix: prefix });
  try {
    const waiting = index(readerSql).init();
    // Awaited below; until then a rejection must not end the test before its cleanup.
    waiting.catch(() => {});
    const w = index(writerSql);
    await w.init();
    await waiting;
    const j = job({ vector: axis(0) });
    await w.upsertJob(j);
    const r = index(readerSql);
    await r.init();
    assert.deepEqual((await r.searchJobs(axis(0), {}, 5)).map((h) => h.id), [j.id]);
    await assert.rejects(r.upsertJob(job()), /permission denied/);
    const [table] = await owner<{ owner: string }[]>`
      SELECT tableowner AS owner FROM pg_tables WHERE tablename = ${`${prefix}job_vectors`}`;
    assert.equal(table?.owner, writer);
  } finally {
    await writerSql.end();
    await readerSql.end();
    await owner.unsafe(`DROP TABLE IF EXISTS ${prefix}job_vectors, ${prefix}seeker_vectors`);
    // One role at a time: both at once trips over the default privilege they share.
    for (const role of [writer, reader]) {
      await owner.unsafe(`DROP OWNED BY ${role}`);
      await owner.unsafe(`DROP ROLE ${role}`);
    }
    await owner.end();
  }
});
