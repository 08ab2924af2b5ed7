/**
 * The dense half of the local embedding: all-MiniLM-L6-v2 (quantised ONNX) on
 * onnxruntime-node, CPU only. One `session.run` per call, so callers batch.
 * @module
 */
import * as ort from "onnxruntime-node";
import { createBertTokenizer } from "./bert_tokenizer.ts";
import { meanPool } from "./mean_pool.ts";
import { LOCAL_DENSE_DIMENSIONS, MODEL_FILE, modelPath, TOKENIZER_FILE } from "./model_files.ts";

/** Options of {@linkcode openDenseEncoder}. */
export interface DenseEncoderOptions {
  /** Folder holding model.onnx and tokenizer.json. */
  modelDir: string;
  /** Threads onnxruntime uses inside one operator. */
  threads: number;
  /** Longest input in tokens, [CLS] and [SEP] included; longer texts are truncated. */
  maxTokens: number;
}

/** A loaded sentence encoder. */
export interface DenseEncoder {
  readonly dimensions: number;
  /** Model input names, as the ONNX graph declares them. */
  readonly inputNames: readonly string[];
  /** Token ids of a text as the model reads it (truncated, with [CLS] and [SEP]). */
  tokenize(text: string): number[];
  /** Unit-length sentence vectors, one per row of token ids, from one inference run. */
  encodeTokens(rows: number[][]): Promise<Float32Array[]>;
  close(): Promise<void>;
}

const DIMENSIONS = LOCAL_DENSE_DIMENSIONS;

/** Loads the tokenizer and the ONNX session from `modelDir`. */
export async function openDenseEncoder(opts: DenseEncoderOptions): Promise<DenseEncoder> {
  const tokenizerJson = JSON.parse(
    await Deno.readTextFile(modelPath(opts.modelDir, TOKENIZER_FILE)),
  );
  const tokenizer = createBertTokenizer(tokenizerJson, opts.maxTokens);
  const session = await ort.InferenceSession.create(modelPath(opts.modelDir, MODEL_FILE), {
    executionProviders: ["cpu"],
    intraOpNumThreads: opts.threads,
    // Operators run one after another in this graph; a second pool would only idle.
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
    // With 2 threads, the pool's threads sleep between operators instead of spinning: the
    // same texts per second for about a fifth less CPU, CPU the API's processes need
    // (bench/results/embeddings-profile.md).
    extra: { session: { intra_op: { allow_spinning: "0" } } },
  });
  const inputNames = [...session.inputNames];
  for (const required of ["input_ids", "attention_mask"]) {
    if (!inputNames.includes(required)) {
      await session.release();
      throw new Error(`model has no ${required} input (inputs: ${inputNames.join(", ")})`);
    }
  }
  const output = session.outputNames.includes("last_hidden_state")
    ? "last_hidden_state"
    : session.outputNames[0]!;

  const encodeTokens = async (rows: number[][]): Promise<Float32Array[]> => {
    if (rows.length === 0) return [];
    const batch = tokenizer.padBatch(rows);
    const dims = [batch.size, batch.length];
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor("int64", batch.inputIds, dims),
      attention_mask: new ort.Tensor("int64", batch.attentionMask, dims),
    };
    // Some exports of the model drop token_type_ids; feed it only where declared.
    if (inputNames.includes("token_type_ids")) {
      feeds.token_type_ids = new ort.Tensor("int64", batch.tokenTypeIds, dims);
    }
    const result = await session.run(feeds);
    const hidden = result[output];
    if (!hidden) throw new Error(`model returned no ${output}`);
    try {
      const [, , width] = hidden.dims;
      if (width !== DIMENSIONS) {
        throw new Error(`model returned width ${width}, not ${DIMENSIONS}`);
      }
      return meanPool(hidden.data as Float32Array, batch.attentionMask, {
        size: batch.size,
        length: batch.length,
        dims: DIMENSIONS,
      });
    } finally {
      for (const t of Object.values(result)) t.dispose();
    }
  };

  return {
    dimensions: DIMENSIONS,
    inputNames,
    tokenize: tokenizer.encode,
    encodeTokens,
    async close() {
      await session.release();
    },
  };
}
