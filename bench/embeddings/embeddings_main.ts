/**
 * `deno task bench:embeddings`: measures the local embedding provider (fetching
 * the model first if needed) and writes `bench/results/embeddings.md` and
 * `bench/results/embeddings-<UTC date>.json`.
 *
 * | variable                   | default   | meaning                                          |
 * | -------------------------- | --------- | ------------------------------------------------ |
 * | `BENCH_EMBED_COUNT`        | `256`     | texts embedded per measured run                  |
 * | `BENCH_EMBED_BATCHES`      | `1,16,32` | batch sizes                                      |
 * | `BENCH_EMBED_THREADS`      | `1,2`     | onnxruntime intra-op thread counts               |
 * | `BENCH_EMBED_MODEL_TOKENS` | `32,256`  | tokens the model reads (the first at every size) |
 * | `BENCH_EMBED_REPEATS`      | `3`       | measurements per setting (best, median)          |
 * @module
 */
import { DEFAULT_MODEL_TOKENS, LOCAL_MODEL_WINDOW } from "@hire/embedding";
import * as ort from "onnxruntime-node";
import { ensureModel, MODEL_JAR, MODEL_JAR_SHA256 } from "../../deploy/local/model.ts";
import { describeMachine, type Machine } from "../common/machine.ts";
import { datedJsonName, RESULTS_DIR } from "../common/proc.ts";
import { benchEmbeddings, type EmbeddingBenchResult } from "./embeddings.ts";

const RESULTS = RESULTS_DIR.pathname;

/** The machine the figures were measured on, with the model's runtime. */
export interface EmbeddingMachine extends Machine {
  onnxruntime: string;
}

async function describeEmbeddingMachine(): Promise<EmbeddingMachine> {
  return {
    ...await describeMachine("none (in-process)"),
    onnxruntime: `onnxruntime-node ${ort.env.versions.node ?? "unknown"} (CPU)`,
  };
}

const list = (name: string, def: number[]) =>
  Deno.env.get(name)?.split(",").map((s) => Number(s.trim())).filter((n) => n > 0) ?? def;

/** The target, in texts per second. */
export const TARGET_PER_SEC = 300;

/**
 * The best run at the default limit against the best at the model's whole window (the
 * vectors before the limit), and against the target.
 */
export function verdict(r: EmbeddingBenchResult): string[] {
  const best = (tokens: number) =>
    Math.max(...r.runs.filter((x) => x.modelTokens === tokens).map((x) => x.embeddingsPerSec));
  const now = best(DEFAULT_MODEL_TOKENS);
  const before = best(LOCAL_MODEL_WINDOW);
  if (!Number.isFinite(now)) return [];
  const lines = [
    `Best at the default limit (${DEFAULT_MODEL_TOKENS} tokens): ${now.toFixed(0)} texts/s ` +
    `against the target of ${TARGET_PER_SEC}: **${now >= TARGET_PER_SEC ? "met" : "missed"}**.`,
  ];
  if (Number.isFinite(before)) {
    lines.push(
      "",
      `At the model's whole window (${LOCAL_MODEL_WINDOW} tokens, the vectors before the ` +
        `limit): ${before.toFixed(0)} texts/s at best, so the limit is ` +
        `${(now / before).toFixed(1)}× as fast.`,
    );
  }
  return lines;
}

/** The Markdown summary of one run. */
export function embeddingsMarkdown(
  r: EmbeddingBenchResult,
  machine: EmbeddingMachine,
  at: Date,
): string {
  const rows = r.runs.map((x) =>
    `| ${x.modelTokens} | ${x.threads} | ${x.batchSize} | ${x.maxBatchTokens ?? "none"} | ${
      x.embeddingsPerSec.toFixed(1)
    } | ${x.medianPerSec.toFixed(1)} | ${(1000 / x.embeddingsPerSec).toFixed(1)} | ${
      x.loadBefore.toFixed(2)
    } → ${x.loadAfter.toFixed(2)} |`
  );
  return [
    "# Embedding benchmark",
    "",
    `Measured on ${at.toISOString().slice(0, 10)} (${at.toISOString()}) with ` +
    "`deno task bench:embeddings`: the local provider " +
    `\`${r.provider}\` (${r.dimensions} dimensions; model jar \`${MODEL_JAR}\`, SHA-256 ` +
    `\`${MODEL_JAR_SHA256}\`), ${r.texts.count} generated job postings as partners write ` +
    `them (\`bench/common/postings.ts\`: title, employer, duties, requirements, benefits; ` +
    `${Math.round(r.texts.arabicShare * 100)}% with Arabic, ${r.texts.minChars}–` +
    `${r.texts.maxChars} characters, ${r.texts.meanChars.toFixed(0)} on average), embedded in ` +
    "one call per measurement after a warm-up, " +
    `${r.repeats} measurements per setting. Raw figures: ` +
    `\`${datedJsonName("embeddings", at)}\`.`,
    "",
    "Model tokens is how much of a text the model reads ([CLS] and [SEP] included; the lexical",
    "half and the occupation bridge read all of it; 256 is the model's whole window, the vectors",
    "before the limit). The batch size is the most texts per inference run; the token budget",
    "(rows × padded length) can cut a batch shorter. The machine is shared, so the table gives",
    "the best run (noise only slows runs down), the median, and the 1-minute load average around",
    "it.",
    "",
    "| model tokens | threads | batch size | token budget | embeddings/s (best) | median | ms per text | load |",
    "| -----------: | ------: | ---------: | -----------: | ------------------: | -----: | ----------: | ---: |",
    ...rows,
    "",
    `The lexical half alone (pure JS, no model) runs at ${r.lexicalOnlyPerSec.toFixed(0)} ` +
    `texts/s and the occupation bridge alone (reading the vocabulary, joining the vector) at ` +
    `${r.bridgeOnlyPerSec.toFixed(0)} texts/s.`,
    "",
    ...verdict(r),
    "",
    "How much of a text the model reads was chosen against the matching evaluation, whose",
    "figures at 16, 32, 64 and 256 tokens are in `embeddings-truncation.md`. Until 2026-11-24",
    "this benchmark embedded generated one-line postings of about 160 characters",
    "(`embeddings-2026-11-24-short-texts.json`: 94 texts/s at best, 2 threads, batch 32);",
    "real postings are five to ten times longer.",
    "",
    "## Machine",
    "",
    `- ${machine.nproc} CPUs: ${machine.cpuModel}; vector extensions: ${machine.cpuVectorExtensions}`,
    `- ${machine.memoryGiB} GiB memory`,
    `- ${machine.os}`,
    `- ${machine.deno}`,
    `- ${machine.onnxruntime}`,
    "",
  ].join("\n");
}

if (import.meta.main) {
  const modelDir = await ensureModel();
  const machine = await describeEmbeddingMachine();
  const at = new Date();
  const result = await benchEmbeddings({
    modelDir,
    count: list("BENCH_EMBED_COUNT", [256])[0],
    batchSizes: list("BENCH_EMBED_BATCHES", [1, 16, 32]),
    threads: list("BENCH_EMBED_THREADS", [1, 2]),
    modelTokens: list("BENCH_EMBED_MODEL_TOKENS", [DEFAULT_MODEL_TOKENS, LOCAL_MODEL_WINDOW]),
    repeats: list("BENCH_EMBED_REPEATS", [3])[0],
  });
  for (const r of result.runs) {
    console.log(
      `model tokens ${r.modelTokens} threads ${r.threads} batch ${
        String(r.batchSize).padStart(2)
      } ` +
        `budget ${String(r.maxBatchTokens ?? "none").padStart(4)}: ` +
        `${r.embeddingsPerSec.toFixed(1)} embeddings/s (median ${r.medianPerSec.toFixed(1)})`,
    );
  }
  await Deno.mkdir(RESULTS, { recursive: true });
  const json = `${RESULTS}${datedJsonName("embeddings", at)}`;
  const md = `${RESULTS}embeddings.md`;
  await Deno.writeTextFile(
    json,
    JSON.stringify({ measuredAt: at.toISOString(), machine, ...result }, null, 2) + "\n",
  );
  await Deno.writeTextFile(md, embeddingsMarkdown(result, machine, at));
  // Formatted like the rest of the repository, so `deno fmt --check` stays green.
  await new Deno.Command(Deno.execPath(), { args: ["fmt", "--quiet", md, json] }).output();
  console.log(`wrote ${md} and ${json}`);
}
