import assert from "node:assert/strict";
import { ConfigError } from "@hire/config";
import { loadEmbeddingConfig } from "./config.ts";
import { DEFAULT_MODEL_DIR } from "./model_files.ts";

Deno.test("loadEmbeddingConfig defaults to the local model", () => {
  assert.deepEqual(loadEmbeddingConfig({}), {
    EMBEDDING_PROVIDER: "local",
    EMBEDDING_MODEL_DIR: DEFAULT_MODEL_DIR,
    EMBEDDING_BATCH_SIZE: 32,
    EMBEDDING_THREADS: 1,
    EMBEDDING_MODEL_TOKENS: 32,
    EMBEDDING_TIMEOUT_MS: 10_000,
    EMBEDDING_BRIDGE: "occupations",
  });
  assert.ok(DEFAULT_MODEL_DIR.endsWith("/.local/models/all-minilm-l6-v2-q/"));
});

Deno.test("loadEmbeddingConfig reads a complete openai configuration", () => {
  const cfg = loadEmbeddingConfig({
    EMBEDDING_PROVIDER: "openai",
    EMBEDDING_URL: "https://api.openai.com/v1/",
    EMBEDDING_MODEL: "text-embedding-3-small",
    EMBEDDING_API_KEY: "sk-x",
    EMBEDDING_DIMENSIONS: "1536",
    EMBEDDING_TIMEOUT_MS: "2500",
    EMBEDDING_BATCH_SIZE: "64",
  });
  assert.equal(cfg.EMBEDDING_URL, "https://api.openai.com/v1");
  assert.equal(cfg.EMBEDDING_DIMENSIONS, 1536);
  assert.equal(cfg.EMBEDDING_TIMEOUT_MS, 2500);
  assert.equal(cfg.EMBEDDING_BATCH_SIZE, 64);
});

Deno.test("loadEmbeddingConfig lists every variable openai is missing at once", () => {
  assert.throws(
    () => loadEmbeddingConfig({ EMBEDDING_PROVIDER: "openai", EMBEDDING_MODEL: "" }),
    (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.deepEqual(err.problems.map((p) => p.split(":")[0]).sort(), [
        "EMBEDDING_DIMENSIONS",
        "EMBEDDING_MODEL",
        "EMBEDDING_URL",
      ]);
      return true;
    },
  );
});

Deno.test("loadEmbeddingConfig refuses bad values without echoing the API key", () => {
  assert.throws(
    () =>
      loadEmbeddingConfig({
        EMBEDDING_PROVIDER: "cohere",
        EMBEDDING_BATCH_SIZE: "0",
        EMBEDDING_URL: "not a url",
        EMBEDDING_API_KEY: "sk-secret",
      }),
    (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.deepEqual(err.problems.map((p) => p.split(":")[0]).sort(), [
        "EMBEDDING_BATCH_SIZE",
        "EMBEDDING_PROVIDER",
        "EMBEDDING_URL",
      ]);
      assert.doesNotMatch(err.message, /sk-secret/);
      return true;
    },
  );
});
