import assert from "node:assert/strict";
import { connect, MAX_BIND_PARAMETERS } from "@hire/db";
import postgres from "postgres";
import { toSql } from "pgvector";
import { vectorIndexContract } from "./contract.ts";
import {
  axis,
  decoy,
  DECOYS,
  DIMENSIONS,
  inBatches,
  job,
  matches,
  outer,
  OUTERS,
  toward,
} from "./contract_fixtures.ts";
import type { VectorBlocks } from "./index.ts";
import {
  createPgvectorIndex,
  efSearchFor,
  type GraphSetting,
  keepsGraph,
} from "./pgvector_index.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const url = TEST_DATABASE_URL;
const sql = connect(url, { max: 4, name: "vector-test" });
// On tables this small the planner answers by a sequential scan, which is exact and would
// pass the filter tests whatever the HNSW settings. A second pool makes every other plan
// cost prohibitive, so the same contract also runs through the HNSW index itself.
const hnswOnly = postgres(url, {
  max: 4,
  onnotice: () => {},
  connection: {
    application_name: "vector-test-hnsw",
    enable_seqscan: "off",
    enable_bitmapscan: "off",
    enable_sort: "off",
  },
});
Deno.test.afterAll(async () => {
  await sql.end();
  await hnswOnly.end();
});

function subject(
  pool: postgres.Sql,
  dimensions: number,
  prefix: string,
  blocks?: VectorBlocks,
  graph?: GraphSetting,
) {
  return {
    ...createPgvectorIndex({ sql: pool, dimensions, tablePrefix: prefix, blocks, graph }),
    async drop() {
      await pool.unsafe(`DROP TABLE IF EXISTS ${prefix}job_vectors, ${prefix}seeker_vectors`);
    },
  };
}

vectorIndexContract(
  "pgvector",
  ({ dimensions, prefix, blocks }) => Promise.resolve(subject(sql, dimensions, prefix, blocks)),
);
vectorIndexContract(
  "pgvector through HNSW",
  ({ dimensions, prefix, blocks }) =>
    Promise.resolve(subject(hnswOnly, dimensions, prefix, blocks, "on")),
);
vectorIndexContract(
  "pgvector without a graph",
  ({ dimensions, prefix, blocks }) =>
    Promise.resolve(subject(hnswOnly, dimensions, prefix, blocks, "off")),
);

/** The HNSW indexes of the two tables under `prefix`. */
async function graphs(prefix: string): Promise<string[]> {
  const rows = await sql<{ indexname: string }[]>`
    SELECT indexname FROM pg_indexes
    WHERE tablename IN (${prefix + "job_vectors"}, ${prefix + "seeker_vectors"})
      AND indexdef LIKE '%USING hnsw%'
    ORDER BY indexname`;
  return rows.map((r) => r.indexname);
}

Deno.test("pgvector: init keeps a graph as configured, auto only without blocks", async () => {
  const prefix = `vt${crypto.randomUUID().slice(0, 8)}_`;
  const both = [`${prefix}job_vectors_embedding_idx`, `${prefix}seeker_vectors_embedding_idx`];
  const blocks: VectorBlocks = { of: () => 0, maxScoreAcross: 0.4 };
  const init = (graph: GraphSetting, b?: VectorBlocks) =>
    subject(sql, DIMENSIONS, prefix, b, graph).init();
  try {
    await init("auto");
    assert.deepEqual(await graphs(prefix), both, "no blocks: searches have nothing else");
    const kept = job({ city: "Riyadh", vector: axis(0) });
    await subject(sql, DIMENSIONS, prefix).upsertJobs([kept]);

    await init("auto", blocks);
    assert.deepEqual(await graphs(prefix), [], "an existing graph is dropped");
    await init("off");
    assert.deepEqual(await graphs(prefix), []);

    await init("on", blocks);
    assert.deepEqual(await graphs(prefix), both, "built again over the rows there");
    const ix = subject(sql, DIMENSIONS, prefix, undefined, "on");
    assert.deepEqual((await ix.searchJobs(axis(0), {}, 1)).map((h) => h.id), [kept.id]);
  } finally {
    await subject(sql, DIMENSIONS, prefix).drop();
  }
});

Deno.test("pgvector: the forced plan uses HNSW, and without iterative scans it would post-filter", async () => {
  const prefix = `vt${crypto.randomUUID().slice(0, 8)}_`;
  const ix = subject(hnswOnly, DIMENSIONS, prefix);
  try {
    await ix.init();
    const others = [
      ...Array.from({ length: DECOYS }, (_, i) => decoy(i)),
      ...Array.from({ length: OUTERS }, (_, i) => outer(i)),
    ];
    await inBatches(others, (v) => ix.upsertJobs([job({ city: "Riyadh", vector: v })]));
    const far = job({ city: "Abha", vector: matches()[0]! });
    await ix.upsertJobs([far]);

    const q = toSql(Array.from(axis(0)));
    const table = `${prefix}job_vectors`;
    const [plan, naive] = await hnswOnly.begin(async (tx) => {
      await tx`SET LOCAL hnsw.iterative_scan = off`;
      const query = `SELECT job_id FROM ${table} WHERE city = 'Abha'
                     ORDER BY embedding <=> '${q}'::vector LIMIT 1`;
      return [await tx.unsafe(`EXPLAIN ${query}`), await tx.unsafe(query)];
    });
    assert.match(plan.map((r) => r["QUERY PLAN"]).join("\n"), /Index Scan using \S+_embedding_idx/);
    assert.equal(naive.length, 0, "the first pass alone sees only decoys");

    assert.deepEqual(
      (await ix.searchJobs(axis(0), { city: "Abha" }, 1)).map((h) => h.id),
      [far.id],
    );
  } finally {
    await ix.drop();
  }
});

Deno.test("keepsGraph: on and off as said; auto only for a space without blocks", () => {
  const blocks: VectorBlocks = { of: () => 0, maxScoreAcross: 0.4 };
  assert.deepEqual(
    [
      keepsGraph("on", blocks),
      keepsGraph("off", undefined),
      keepsGraph("auto", undefined),
      keepsGraph("auto", blocks),
    ],
    [true, false, true, false],
  );
});

Deno.test("efSearchFor is at least the limit and the floor, at most pgvector's 1000", () => {
  assert.equal(efSearchFor(10), 100);
  assert.equal(efSearchFor(250), 250);
  assert.equal(efSearchFor(5000), 1000);
  assert.equal(efSearchFor(10, 40), 40);
});

Deno.test("createPgvectorIndex rejects prefixes that would need quoting, and bad dimensions", () => {
  for (const tablePrefix of ["Bad_", "1x_", "a-b_", "x".repeat(25)]) {
    assert.throws(() => createPgvectorIndex({ sql, dimensions: 8, tablePrefix }), /prefix/);
  }
  assert.throws(() => createPgvectorIndex({ sql, dimensions: 0 }), /dimensions/);
  assert.throws(() => createPgvectorIndex({ sql, dimensions: 2.5 }), /dimensions/);
});

Deno.test("pgvector: a batch beyond one statement's bind parameters is written whole", async () => {
  const prefix = `vt${crypto.randomUUID().slice(0, 8)}_`;
  const ix = subject(sql, DIMENSIONS, prefix);
  try {
    await ix.init();
    // Seven columns a job: more rows than one statement can bind.
    const count = Math.floor(MAX_BIND_PARAMETERS / 7) + 10;
    const batch = Array.from({ length: count }, (_, i) => job({ vector: toward(i % 90) }));
    await ix.upsertJobs(batch);
    const [stored] = await sql.unsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ${prefix}job_vectors`,
    );
    assert.equal(stored?.n, count);
    assert.equal((await ix.getJob(batch.at(-1)!.id))?.city, "Riyadh");
  } finally {
    await ix.drop();
  }
});
