import assert from "node:assert/strict";
import { testModelDir } from "@hire/testing/model.ts";
import { loadEmbeddingConfig } from "./config.ts";
import { BRIDGE_DIMENSIONS, VOCABULARY_VERSION } from "@hire/occupations";
import { createEmbeddingProvider, embeddingDimensions } from "./factory.ts";
import { embeddingSpace } from "./space.ts";

Deno.test("createEmbeddingProvider builds the local provider by default", async () => {
  const dir = await testModelDir();
  const cfg = loadEmbeddingConfig({ EMBEDDING_MODEL_DIR: dir });
  const p = await createEmbeddingProvider(cfg);
  try {
    assert.equal(p.name, embeddingSpace(cfg).name);
    assert.equal(p.name, "local:all-minilm-l6-v2-q@32t+ar-ngram+occupations@" + VOCABULARY_VERSION);
    assert.equal(p.dimensions, 640 + BRIDGE_DIMENSIONS);
    assert.equal(embeddingDimensions(cfg), p.dimensions);
    // The bridge joins every vector with its concepts and keeps it unit length.
    const [v] = await p.embed(["ICU Nurse\nCritical care"]);
    assert.equal(v!.length, p.dimensions);
    assert.ok(Math.abs(Math.hypot(...v!) - 1) < 1e-5);
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
  assert.equal(p.name, `openai:text-embedding-3-small@1536+occupations@${VOCABULARY_VERSION}`);
  assert.equal(p.dimensions, 1536 + BRIDGE_DIMENSIONS);
  assert.equal(embeddingDimensions(cfg), p.dimensions);
  await p.close();
});

Deno.test("EMBEDDING_BRIDGE=off leaves the provider's vectors and space alone", async () => {
  const dir = await testModelDir();
  const cfg = loadEmbeddingConfig({ EMBEDDING_MODEL_DIR: dir, EMBEDDING_BRIDGE: "off" });
  const p = await createEmbeddingProvider(cfg);
  try {
    assert.equal(p.name, "local:all-minilm-l6-v2-q@32t+ar-ngram");
    assert.equal(p.dimensions, 640);
    assert.equal(embeddingSpace(cfg).dimensions, 640);
  } finally {
    await p.close();
  }
});

Deno.test("embeddingSpace names a separate index for each model, size and vocabulary", () => {
  const base = {
    EMBEDDING_PROVIDER: "openai" as const,
    EMBEDDING_MODEL: "m",
    EMBEDDING_BRIDGE: "off" as const,
    EMBEDDING_MODEL_TOKENS: 32,
  };
  const a = embeddingSpace({ ...base, EMBEDDING_DIMENSIONS: 1024 });
  const b = embeddingSpace({ ...base, EMBEDDING_DIMENSIONS: 768 });
  const c = embeddingSpace({
    ...base,
    EMBEDDING_DIMENSIONS: 1024,
    EMBEDDING_BRIDGE: "occupations",
  });
  assert.equal(new Set([a.prefix, b.prefix, c.prefix]).size, 3);
  for (const s of [a, b, c]) assert.match(s.prefix, /^e[0-9a-f]{8}_$/);
  assert.equal(embeddingSpace({ ...base, EMBEDDING_DIMENSIONS: 1024 }).prefix, a.prefix);
});

Deno.test("embeddingSpace: how much of a text the model reads is part of the local space", async () => {
  const dir = await testModelDir();
  const space = (tokens: string) =>
    embeddingSpace(loadEmbeddingConfig({ EMBEDDING_MODEL_TOKENS: tokens }));
  assert.notEqual(space("32").prefix, space("64").prefix);
  // The model's whole window names the space the vectors had before the limit existed.
  assert.equal(
    space("256").name,
    `local:all-minilm-l6-v2-q+ar-ngram+occupations@${VOCABULARY_VERSION}`,
  );
  // The provider reports the space it embeds into.
  const cfg = loadEmbeddingConfig({ EMBEDDING_MODEL_DIR: dir, EMBEDDING_MODEL_TOKENS: "64" });
  const p = await createEmbeddingProvider(cfg);
  try {
    assert.equal(p.name, embeddingSpace(cfg).name);
    assert.match(p.name, /@64t\+/);
  } finally {
    await p.close();
  }
});

Deno.test("createEmbeddingProvider refuses an openai configuration that skipped validation", async () => {
  const cfg = { ...loadEmbeddingConfig({}), EMBEDDING_PROVIDER: "openai" as const };
  await assert.rejects(() => createEmbeddingProvider(cfg), /EMBEDDING_URL/);
});
