import assert from "node:assert/strict";
import { testModelDir } from "@hire/testing/model.ts";
import { loadEmbeddingConfig } from "./config.ts";
import { createEmbeddingProvider, embeddingDimensions } from "./factory.ts";

Deno.test("createEmbeddingProvider builds the local provider by default", async () => {
  const dir = await testModelDir();
  const cfg = loadEmbeddingConfig({ EMBEDDING_MODEL_DIR: dir });
  const p = await createEmbeddingProvider(cfg);
  try {
    assert.match(p.name, /^local:/);
    assert.equal(p.dimensions, 640);
    assert.equal(embeddingDimensions(cfg), p.dimensions);
  } finally {
    await p.close();
  }
});

Deno.test("createEmbeddingProvider builds the openai provider from its variables", async () => {
  const cfg = loadEmbeddingConfig({
    EMBEDDING_PROVIDER: "openai",
    EMBEDDING_URL: "http://127.0.0.1:1/v1",
    EMBEDDING_MODEL: "text-embedding-3-small",
    EMBEDDING_DIMENSIONS: "1536",
  });
  const p = await createEmbeddingProvider(cfg);
  assert.equal(p.name, "openai:text-embedding-3-small");
  assert.equal(p.dimensions, 1536);
  assert.equal(embeddingDimensions(cfg), 1536);
  await p.close();
});

Deno.test("createEmbeddingProvider refuses an openai configuration that skipped validation", async () => {
  const cfg = { ...loadEmbeddingConfig({}), EMBEDDING_PROVIDER: "openai" as const };
  await assert.rejects(() => createEmbeddingProvider(cfg), /EMBEDDING_URL/);
});
