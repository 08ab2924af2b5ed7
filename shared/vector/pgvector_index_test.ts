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
  seeker,
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
import { analyzeSample, statisticsTargets } from "@hire/testing/analyze_sample.ts";

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

/** A unit vector of `dimensions`, pointing its own way for each `seed`. */
function spread(dimensions: number, seed: number): Float32Array {
  const v = Float32Array.from({ length: dimensions }, (_, i) => Math.sin(seed * 7.3 + i * 0.37));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

/** Each table's storage parameters and the rows of its TOAST table (values out of line). */
async function rowStorage(prefix: string) {
  return await Promise.all(["job_vectors", "seeker_vectors"].map(async (name) => {
    const [rel] = await sql<{ options: string[] | null; toast: string }[]>`
      SELECT reloptions AS options, reltoastrelid::regclass::text AS toast
      FROM pg_class WHERE oid = to_regclass(${prefix + name})`;
    const [chunks] = await sql.unsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM ${rel!.toast}`,
    );
    return { options: rel!.options ?? [], chunks: chunks!.n };
  }));
}

Deno.test("pgvector: init keeps rows whole in their pages, and drops the employment-type index of earlier releases", async () => {
  const prefix = `vt${crypto.randomUUID().slice(0, 8)}_`;
  const dimensions = 1058;
  const ix = subject(sql, dimensions, prefix, { of: () => 0, maxScoreAcross: 0.4 });
  const gin = `${prefix}seeker_vectors_employment_types_idx`;
  const write = async (seed: number) => {
    await ix.upsertJobs([job({ vector: spread(dimensions, seed) })]);
    await ix.upsertSeekers([seeker({ vector: spread(dimensions, seed + 1) })]);
  };
  try {
    await ix.init();
    // The tables as an earlier release left them: Postgres's default, and the GIN index.
    for (const table of ["job_vectors", "seeker_vectors"]) {
      await sql.unsafe(`ALTER TABLE ${prefix}${table} RESET (toast_tuple_target)`);
    }
    await sql.unsafe(`CREATE INDEX ${gin} ON ${prefix}seeker_vectors USING gin (employment_types)`);
    await write(1);
    const before = await rowStorage(prefix);
    assert.ok(before.every((t) => t.chunks >= 3), "the vector and more out of line before");

    await ix.init();
    const after = await rowStorage(prefix);
    assert.deepEqual(after.map((t) => t.options), [
      ["toast_tuple_target=8160"],
      ["toast_tuple_target=8160"],
    ]);
    assert.equal((await sql`SELECT to_regclass(${gin}) AS ix`)[0]!.ix, null);
    await write(3);
    assert.deepEqual(
      (await rowStorage(prefix)).map((t) => t.chunks),
      before.map((t) => t.chunks),
      "rows written now stay whole",
    );
    for (const table of ["job_vectors", "seeker_vectors"]) {
      await sql.unsafe(`VACUUM FULL ${prefix}${table}`);
    }
    assert.deepEqual((await rowStorage(prefix)).map((t) => t.chunks), [0, 0], "moved in");
    const hits = await ix.searchSeekers(spread(dimensions, 4), {}, 5);
    assert.equal(hits.length, 2, "both seekers still found");
  } finally {
    await ix.drop();
  }
});

Deno.test("pgvector: init has ANALYZE sample 3,000 job vectors, not 30,000, and leaves seekers' at the default", async () => {
  const prefix = `vt${crypto.randomUUID().slice(0, 8)}_`;
  const ix = subject(sql, 3, prefix);
  const jobs = `${prefix}job_vectors`;
  try {
    await ix.init();
    const targets = await statisticsTargets(sql, jobs);
    assert.ok(Object.keys(targets).includes("embedding"));
    assert.deepEqual(new Set(Object.values(targets)), new Set([10]), "every column at 10");
    const seekers = Object.values(await statisticsTargets(sql, `${prefix}seeker_vectors`));
    assert.ok(seekers.every((t) => t === -1 || t === null), "seekers keep the default");

    // A table an earlier release made, with the server's default: the next init sets it.
    await sql.unsafe(`ALTER TABLE ${jobs} ALTER COLUMN city SET STATISTICS -1`);
    await ix.init();
    assert.equal((await statisticsTargets(sql, jobs)).city, 10);

    // Postgres samples 300 rows a point of the largest target: 3,000 of 3,500 rows here.
    await ix.upsertJobs(
      Array.from({ length: 3_500 }, (_, i) => job({ vector: spread(3, i), city: `c${i % 40}` })),
    );
    assert.deepEqual(await analyzeSample(url, jobs), { live: 3500, sampled: 3000 });
  } finally {
    await ix.drop();
  }
});

Deno.test("pgvector: a row too large for a page is still stored, its vector out of line", async () => {
  const prefix = `vt${crypto.randomUUID().slice(0, 8)}_`;
  const dimensions = 2000; // 8,008 bytes: with a long enough city, more than a page holds
  const ix = subject(sql, dimensions, prefix);
  try {
    await ix.init();
    // Random text, which does not compress: the row can only shrink by moving values out.
    const city = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(300))));
    const big = seeker({ city, vector: spread(dimensions, 5) });
    await ix.upsertSeekers([big]);
    const stored = await ix.getSeeker(big.id);
    assert.equal(stored?.city, big.city);
    assert.deepEqual(
      [...stored!.vector!].map((x) => x.toFixed(6)),
      [...big.vector].map((x) => x.toFixed(6)),
    );
    assert.ok((await rowStorage(prefix))[1]!.chunks > 0);
  } finally {
    await ix.drop();
  }
});
