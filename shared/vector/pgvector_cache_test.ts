import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { seeker } from "./contract_fixtures.ts";
import { readCacheFit } from "./pgvector_cache.ts";
import { createPgvectorIndex } from "./pgvector_index.ts";

const sql = connect(TEST_DATABASE_URL, { max: 2, name: "vector-cache-test" });
Deno.test.afterAll(() => sql.end());

Deno.test("readCacheFit: the index's tables as they grow, shared_buffers in bytes", async () => {
  const prefix = `cache_fit_${crypto.randomUUID().slice(0, 8)}_`;
  const [setting] = await sql<{ block_size: string; buffers: string }[]>`
    SELECT current_setting('block_size') AS block_size, setting AS buffers
    FROM pg_settings WHERE name = 'shared_buffers'`;
  const sharedBuffersBytes = Number(setting!.block_size) * Number(setting!.buffers);
  try {
    assert.deepEqual(await readCacheFit(sql, prefix), { vectorBytes: 0, sharedBuffersBytes });
    // 1,100 dimensions: a row of the local space's size, one to a page.
    const index = createPgvectorIndex({ sql, dimensions: 1100, tablePrefix: prefix });
    await index.init();
    const empty = (await readCacheFit(sql, prefix)).vectorBytes;
    assert.ok(empty > 0, "the empty tables' indexes take pages");
    const vector = Float32Array.from({ length: 1100 }, (_, i) => Math.sin(i));
    await index.upsertSeekers(Array.from({ length: 200 }, () => seeker({ vector })));
    const full = await readCacheFit(sql, prefix);
    assert.ok(full.vectorBytes - empty >= 200 * 4400, `${full.vectorBytes - empty} bytes added`);
    assert.equal(full.sharedBuffersBytes, sharedBuffersBytes);
  } finally {
    await sql.unsafe(`DROP TABLE IF EXISTS ${prefix}job_vectors, ${prefix}seeker_vectors`);
  }
});
