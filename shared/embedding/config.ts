/**
 * Embedding variables, to spread into a service's schema (`z.object({ ...embeddingEnv })`)
 * and check there with {@linkcode checkEmbeddingEnv}, or parse on their own with
 * {@linkcode loadEmbeddingConfig}.
 * @module
 */
import { intVar, parseConfig } from "@hire/config";
import { z } from "zod";
import { DEFAULT_MODEL_DIR, DEFAULT_MODEL_TOKENS, LOCAL_MODEL_WINDOW } from "./model_files.ts";

// An exported but empty variable (`EMBEDDING_API_KEY=`) means "not set", as in most shells'
// env files.
const unset = (v: unknown) => (v === "" ? undefined : v);

/** The embedding variables, each with its default. */
export const embeddingEnv = {
  /** `local` (the bundled model on this CPU) or `openai` (any OpenAI-compatible API). */
  EMBEDDING_PROVIDER: z.enum(["local", "openai"]).default("local"),
  /** local: folder with model.onnx and tokenizer.json (`deno run -A deploy/local/model.ts`). */
  EMBEDDING_MODEL_DIR: z.string().min(1).default(DEFAULT_MODEL_DIR),
  /** Texts per inference run (local) or per request (openai). */
  EMBEDDING_BATCH_SIZE: intVar(32),
  /** local: onnxruntime threads per inference; 1 leaves the other core to the rest. */
  EMBEDDING_THREADS: intVar(1),
  /**
   * local: most tokens the model reads of a text (title first, then the description);
   * the lexical half and the bridge read all of it. Part of the embedding space's name.
   */
  EMBEDDING_MODEL_TOKENS: z.coerce.number().int().min(2).max(LOCAL_MODEL_WINDOW).default(
    DEFAULT_MODEL_TOKENS,
  ),
  /** openai: API base URL, e.g. https://api.openai.com/v1; `/embeddings` is appended. */
  EMBEDDING_URL: z.preprocess(
    unset,
    z.string().url().transform((s) => s.replace(/\/+$/, "")).optional(),
  ),
  /** openai: model name sent with each request, e.g. text-embedding-3-small. */
  EMBEDDING_MODEL: z.preprocess(unset, z.string().min(1).optional()),
  /** openai: bearer token, if the API wants one. Never logged. */
  EMBEDDING_API_KEY: z.preprocess(unset, z.string().min(1).optional()),
  /** openai: length of the model's vectors; every response is checked against it. */
  EMBEDDING_DIMENSIONS: z.preprocess(unset, z.coerce.number().int().positive().optional()),
  /** openai: how long one request may take, in milliseconds. */
  EMBEDDING_TIMEOUT_MS: intVar(10_000),
  /**
   * `occupations`: join every vector with what the occupation vocabulary reads in the text
   * (`@hire/occupations`), the bridge between Arabic and English; `off`: the provider's
   * vectors alone, for a multilingual model that needs no bridge (docs/matching.md).
   */
  EMBEDDING_BRIDGE: z.enum(["occupations", "off"]).default("occupations"),
};

type EmbeddingEnvInput = {
  EMBEDDING_PROVIDER: "local" | "openai";
  EMBEDDING_URL?: string;
  EMBEDDING_MODEL?: string;
  EMBEDDING_DIMENSIONS?: number;
};

/** The cross-field rule, for `.superRefine`: the openai provider needs URL, model and size. */
export function checkEmbeddingEnv(cfg: EmbeddingEnvInput, ctx: z.RefinementCtx): void {
  if (cfg.EMBEDDING_PROVIDER !== "openai") return;
  for (const key of ["EMBEDDING_URL", "EMBEDDING_MODEL", "EMBEDDING_DIMENSIONS"] as const) {
    if (cfg[key] === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: "required when EMBEDDING_PROVIDER=openai",
      });
    }
  }
}

/** The embedding variables with the cross-field rule applied. */
export const embeddingSchema = z.object(embeddingEnv).superRefine(checkEmbeddingEnv);

/** Validated embedding configuration. */
export type EmbeddingConfig = z.infer<typeof embeddingSchema>;

/** Reads the embedding variables; throws a ConfigError listing every problem. */
export const loadEmbeddingConfig = (env?: Record<string, string | undefined>): EmbeddingConfig =>
  parseConfig(embeddingSchema, env);
