/**
 * Throughput of the local embedding provider: how many job texts per second it embeds at a
 * given batch size and thread count. `embeddings_main.ts` runs it and writes the results.
 * @module
 */
import {
  createLocalProvider,
  DEFAULT_MAX_BATCH_TOKENS,
  DEFAULT_MODEL_TOKENS,
  lexicalVector,
  LOCAL_MODEL_WINDOW,
  shippedBridge,
  withOccupationBridge,
} from "@hire/embedding";
import { BRIDGE_DIMENSIONS } from "@hire/occupations";
import { jobPostings } from "../common/postings.ts";

/** Options of {@linkcode benchEmbeddings}. */
export interface EmbeddingBenchOptions {
  /** Folder with the model (see deploy/local/model.ts). */
  modelDir: string;
  /** Texts embedded per measured run. Default 256. */
  count?: number;
  /** Default [1, 8, 32]. */
  batchSizes?: number[];
  /** onnxruntime intra-op threads to try. Default [1]. */
  threads?: number[];
  /**
   * Token budgets per inference run to try at batch sizes above 1 (`null`: none).
   * Default: the provider's default and none, to show what the budget buys.
   */
  tokenBudgets?: (number | null)[];
  /**
   * Most tokens the model reads of a text. The first value is measured at every setting, the
   * others (for comparison) only at the largest batch size with the first token budget.
   * Default: the provider's default, then the model's whole window (the vectors before the
   * limit).
   */
  modelTokens?: number[];
  /** Measured runs per setting; the best and the median are kept. Default 3. */
  repeats?: number;
}

/** One setting of the benchmark. */
export interface EmbeddingBenchSetting {
  modelTokens: number;
  threads: number;
  batchSize: number;
  /** Most tokens per inference run; null for no limit. */
  maxBatchTokens: number | null;
}

/** The settings {@linkcode benchEmbeddings} measures, in order. */
export function benchSettings(opts: {
  modelTokens: number[];
  threads: number[];
  batchSizes: number[];
  tokenBudgets: (number | null)[];
}): EmbeddingBenchSetting[] {
  const out: EmbeddingBenchSetting[] = [];
  const [first, ...others] = opts.modelTokens;
  for (const threads of opts.threads) {
    if (first !== undefined) {
      for (const batchSize of opts.batchSizes) {
        // A budget cannot split a batch of one.
        const budgets = batchSize === 1 ? opts.tokenBudgets.slice(0, 1) : opts.tokenBudgets;
        for (const b of budgets) {
          out.push({ modelTokens: first, threads, batchSize, maxBatchTokens: b ?? null });
        }
      }
    }
    const largest = Math.max(...opts.batchSizes);
    for (const modelTokens of others) {
      const b = opts.tokenBudgets[0] ?? null;
      out.push({ modelTokens, threads, batchSize: largest, maxBatchTokens: b });
    }
  }
  return out;
}

/** One setting, measured `repeats` times. */
export interface EmbeddingBenchRun extends EmbeddingBenchSetting {
  texts: number;
  /** Best of the repeats: the machine is shared, and noise only ever slows a run down. */
  embeddingsPerSec: number;
  medianPerSec: number;
  /** 1-minute load average before the first and after the last repeat. */
  loadBefore: number;
  loadAfter: number;
}

/** What {@linkcode benchEmbeddings} measured. */
export interface EmbeddingBenchResult {
  provider: string;
  dimensions: number;
  texts: {
    count: number;
    arabicShare: number;
    meanChars: number;
    minChars: number;
    maxChars: number;
  };
  repeats: number;
  runs: EmbeddingBenchRun[];
  /** The lexical half alone (pure JS, no model), for how much of the time it takes. */
  lexicalOnlyPerSec: number;
  /** The occupation bridge alone (reading the vocabulary, joining the vector). */
  bridgeOnlyPerSec: number;
}

async function loadAverage(): Promise<number> {
  const text = await Deno.readTextFile("/proc/loadavg").catch(() => "");
  return Number(text.split(" ")[0] ?? NaN);
}

/** Embeds the same texts at each setting; returns embeddings/second. */
export async function benchEmbeddings(opts: EmbeddingBenchOptions): Promise<EmbeddingBenchResult> {
  const texts = jobPostings(opts.count ?? 256);
  const repeats = opts.repeats ?? 3;
  const settings = benchSettings({
    modelTokens: opts.modelTokens ?? [DEFAULT_MODEL_TOKENS, LOCAL_MODEL_WINDOW],
    threads: opts.threads ?? [1],
    batchSizes: opts.batchSizes ?? [1, 8, 32],
    tokenBudgets: opts.tokenBudgets ?? [DEFAULT_MAX_BATCH_TOKENS, null],
  });
  const runs: EmbeddingBenchRun[] = [];
  let provider = "";
  let dimensions = 0;
  for (const setting of settings) {
    // As the services run it: the local model with the occupation bridge.
    const p = withOccupationBridge(
      await createLocalProvider({
        modelDir: opts.modelDir,
        batchSize: setting.batchSize,
        threads: setting.threads,
        maxBatchTokens: setting.maxBatchTokens ?? Infinity,
        maxTokens: setting.modelTokens,
      }),
    );
    try {
      // The provider of the first setting, the default model-token limit, names the result.
      if (!provider) provider = p.name;
      dimensions = p.dimensions;
      const loadBefore = await loadAverage();
      // Warm-up: the first runs allocate onnxruntime's buffers for the shapes seen.
      await p.embed(texts.slice(0, 32));
      const rates: number[] = [];
      for (let r = 0; r < repeats; r++) {
        const start = performance.now();
        await p.embed(texts);
        rates.push(texts.length / ((performance.now() - start) / 1000));
      }
      rates.sort((a, b) => a - b);
      runs.push({
        ...setting,
        texts: texts.length,
        embeddingsPerSec: rates[rates.length - 1]!,
        medianPerSec: rates[Math.floor(rates.length / 2)]!,
        loadBefore,
        loadAfter: await loadAverage(),
      });
    } finally {
      await p.close();
    }
  }
  const start = performance.now();
  for (const t of texts) lexicalVector(t);
  const lexicalOnlyPerSec = texts.length / ((performance.now() - start) / 1000);
  const bridge = shippedBridge();
  const zero = new Float32Array(dimensions - BRIDGE_DIMENSIONS);
  const bridgeStart = performance.now();
  for (const t of texts) bridge.space.vector(bridge.recogniser.recognise(t), zero);
  const bridgeOnlyPerSec = texts.length / ((performance.now() - bridgeStart) / 1000);
  const arabic = texts.filter((t) => /[\u0600-\u06FF]/.test(t)).length;
  return {
    provider,
    dimensions,
    texts: {
      count: texts.length,
      arabicShare: arabic / texts.length,
      meanChars: texts.reduce((n, t) => n + t.length, 0) / texts.length,
      minChars: Math.min(...texts.map((t) => t.length)),
      maxChars: Math.max(...texts.map((t) => t.length)),
    },
    repeats,
    runs,
    lexicalOnlyPerSec,
    bridgeOnlyPerSec,
  };
}
