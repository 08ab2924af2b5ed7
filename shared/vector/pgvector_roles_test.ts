/**
 * The pgvector index under roles of least privilege, as the services run it: the writer (the
 * embedding service's role) may create in the schema and owns the tables; a reader (the
 * matching service's) may only search them, and its init waits until the writer made them.
 */
import assert from "node:assert/strict";
import { connect, type Sql } from "@hire/db";
import { axis, DIMENSIONS, job, seeker, toward } from "./contract_fixtures.ts";
import type { VectorBlocks } from "./index.ts";
import { readCacheFit } from "./pgvector_cache.ts";
import { createPgvectorIndex, type GraphSetting } from "./pgvector_index.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const url = TEST_DATABASE_URL;

interface Roles {
  owner: Sql;
  writerSql: Sql;
  readerSql: Sql;
  writer: string;
  reader: string;
  prefix: string;
}

/** Runs `fn` with a writer and a reader role of their own, dropped afterwards. */
async function withRoles(fn: (roles: Roles) => Promise<void>): Promise<void> {
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
  try {
    await fn({ owner, writerSql, readerSql, writer, reader, prefix });
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
}

const index = (sql: Sql, prefix: string, blocks?: VectorBlocks, graph?: GraphSetting) =>
  createPgvectorIndex({ sql, dimensions: DIMENSIONS, tablePrefix: prefix, blocks, graph });

/** Starts `init` now; a rejection before it is awaited must not end the test early. */
function started(init: Promise<void>): Promise<void> {
  init.catch(() => {});
  return init;
}

Deno.test("pgvector: a reader's init waits for the writer's tables, then it searches and cannot write", () =>
  withRoles(async ({ owner, writerSql, readerSql, writer, prefix }) => {
    const waiting = started(index(readerSql, prefix).init());
    const w = index(writerSql, prefix);
    await w.init();
    await waiting;
    const j = job({ vector: axis(0) });
    await w.upsertJobs([j]);
    const r = index(readerSql, prefix);
    await r.init();
    assert.deepEqual((await r.searchJobs(axis(0), {}, 5)).map((h) => h.id), [j.id]);
    await assert.rejects(r.upsertJobs([job()]), /permission denied/);
    const [table] = await owner<{ owner: string }[]>`
      SELECT tableowner AS owner FROM pg_tables WHERE tablename = ${`${prefix}job_vectors`}`;
    assert.equal(table?.owner, writer);
  }));

Deno.test("pgvector: tables of a release before blocks: the writer's init adds them, a reader waits, the writer fills", () =>
  withRoles(async ({ owner, writerSql, readerSql, prefix }) => {
    const blocks: VectorBlocks = { of: (v) => (v[0]! > 0.9 ? 7 : 8), maxScoreAcross: 0.3 };
    const before = index(writerSql, prefix);
    await before.init();
    const [near, far] = [seeker({ vector: axis(0) }), seeker({ vector: toward(60) })];
    const j = job({ vector: toward(70) });
    await before.upsertSeekers([near, far]);
    await before.upsertJobs([j]);
    await owner.unsafe(`ALTER TABLE ${prefix}job_vectors DROP COLUMN block;
                        ALTER TABLE ${prefix}seeker_vectors DROP COLUMN block`).simple();

    const reader = index(readerSql, prefix, blocks);
    const waiting = started(reader.init());
    let waited = true;
    waiting.then(() => waited = false);
    await new Promise((r) => setTimeout(r, 1500));
    assert.ok(waited, "the reader searches only once the writer has added the blocks");
    const writer = index(writerSql, prefix, blocks);
    await writer.init();
    await waiting;
    assert.equal(await reader.fillBlocks(), 0, "a reader may not write blocks");
    assert.equal(await writer.fillBlocks(), 3);

    const rows = await owner.unsafe<{ id: string; block: number }[]>(`
      SELECT seeker_id AS id, block FROM ${prefix}seeker_vectors
      UNION ALL SELECT job_id, block FROM ${prefix}job_vectors ORDER BY block, id`);
    assert.deepEqual(
      rows.map((r) => [r.id, r.block]),
      [[near.id, 7], ...[far.id, j.id].sort().map((id) => [id, 8])],
    );
    const hits = await reader.searchSeekers(axis(0), { minScore: 0.4 }, 5);
    assert.deepEqual(hits.map((h) => h.id), [near.id], "cos 60° = 0.5 is in another block");
  }));

Deno.test("pgvector: a role that may create but does not own the tables leaves their graph alone", () =>
  withRoles(async ({ owner, writerSql, readerSql, reader, prefix }) => {
    await index(writerSql, prefix, undefined, "on").init();
    await owner.unsafe(`GRANT CREATE ON SCHEMA public TO ${reader}`);
    await index(readerSql, prefix, undefined, "off").init();
    const [row] = await owner<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_indexes
      WHERE indexname IN (${`${prefix}job_vectors_embedding_idx`},
                          ${`${prefix}seeker_vectors_embedding_idx`})`;
    assert.equal(row?.n, 2);
  }));

Deno.test("pgvector: the reader sizes the writer's tables against the cache (readCacheFit)", () =>
  withRoles(async ({ owner, writerSql, readerSql, prefix }) => {
    await index(writerSql, prefix).init();
    await index(writerSql, prefix).upsertSeekers([seeker({ vector: axis(0) })]);
    const asOwner = await readCacheFit(owner, prefix);
    assert.ok(asOwner.vectorBytes > 0);
    assert.deepEqual(await readCacheFit(readerSql, prefix), asOwner);
  }));
