import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { z } from "zod";
import { vectorEnv } from "./config.ts";
import { createVectorIndex } from "./factory.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

// Building an index opens nothing, so the pool is never connected and needs no server.
const sql = connect(TEST_DATABASE_URL, { max: 1 });
Deno.test.afterAll(() => sql.end());

Deno.test("createVectorIndex chooses pgvector without a Qdrant URL", () => {
  assert.equal(createVectorIndex({ sql, dimensions: 8 }).backend, "pgvector");
  assert.equal(createVectorIndex({ sql, dimensions: 8, qdrantUrl: "" }).backend, "pgvector");
});

Deno.test("createVectorIndex chooses Qdrant when a URL is set", () => {
  const index = createVectorIndex({ sql, dimensions: 8, qdrantUrl: "http://127.0.0.1:6333" });
  assert.equal(index.backend, "qdrant");
});

Deno.test("createVectorIndex reads QDRANT_URL from a parsed config spread into it", () => {
  const cfg = z.object(vectorEnv).parse({ QDRANT_URL: "http://qdrant:6333/", QDRANT_API_KEY: "" });
  assert.deepEqual(cfg, {
    QDRANT_URL: "http://qdrant:6333",
    QDRANT_API_KEY: undefined,
    PGVECTOR_GRAPH: "auto",
  });
  assert.equal(createVectorIndex({ sql, dimensions: 8, ...cfg }).backend, "qdrant");
  const none = z.object(vectorEnv).parse({ QDRANT_URL: "" });
  assert.equal(createVectorIndex({ sql, dimensions: 8, ...none }).backend, "pgvector");
});

Deno.test("vectorEnv takes PGVECTOR_GRAPH auto, on or off, nothing else", () => {
  for (const PGVECTOR_GRAPH of ["auto", "on", "off"]) {
    assert.equal(z.object(vectorEnv).parse({ PGVECTOR_GRAPH }).PGVECTOR_GRAPH, PGVECTOR_GRAPH);
  }
  assert.equal(z.object(vectorEnv).safeParse({ PGVECTOR_GRAPH: "yes" }).success, false);
});

Deno.test("vectorEnv rejects a QDRANT_URL that is not a URL", () => {
  for (const QDRANT_URL of ["qdrant:6333", "localhost", "ftp://qdrant:6333"]) {
    assert.equal(z.object(vectorEnv).safeParse({ QDRANT_URL }).success, false, QDRANT_URL);
  }
  assert.ok(z.object(vectorEnv).safeParse({ QDRANT_URL: "https://q.example:6333" }).success);
});
