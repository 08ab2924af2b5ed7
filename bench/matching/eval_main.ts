/**
 * `deno task eval:matching`: precision, recall and F1 of the matcher, overall and per
 * language pair, on labelled sets (default: the project's two, `bench/matching/set/` and
 * `bench/matching/holdout/`), for the configured embedding settings and, for comparison,
 * the matcher as it was before the occupation bridge. Writes `bench/results/matching.md`
 * and `matching-<date>.json` for the default sets.
 *
 *   deno task eval:matching                    # the project's sets, both configurations
 *   deno task eval:matching --set <dir>        # another set in the same format
 *   deno task eval:matching --explain          # also list every miss and false match
 *
 * The embedding variables (`EMBEDDING_*`) and `MATCH_THRESHOLD`/`MATCH_LIMIT` are read as
 * the services read them.
 * @module
 */
import { parseArgs } from "node:util";
import { createEmbeddingProvider, loadEmbeddingConfig } from "@hire/embedding";
import { loadMatchingConfig } from "@hire/matching-service/config.ts";
import { percentile } from "../common/stats.ts";
import { describeMachine } from "../common/machine.ts";
import { datedJsonName, RESULTS_DIR, ROOT } from "../common/proc.ts";
import { type EvalSet, readEvalSet, truePairs } from "./eval_set.ts";
import { explain } from "./explain.ts";
import { LANGUAGE_PAIRS, measure } from "./metrics.ts";
import { embedSet, predict } from "./predict.ts";
import { renderReport, type Run } from "./report.ts";

/** The project's sets: the first, used while building the vocabulary; the held-out one. */
const DEFAULT_SETS = ["set", "holdout"];
/** The matcher before the occupation bridge: the text vectors alone, at its threshold. */
const BEFORE = { EMBEDDING_BRIDGE: "off", MATCH_THRESHOLD: "0.55" };

async function evaluate(
  set: EvalSet,
  label: string,
  env: Record<string, string | undefined>,
  opts: { explain: boolean },
): Promise<Run> {
  const embeddingCfg = loadEmbeddingConfig(env);
  const { MATCH_THRESHOLD: threshold, MATCH_LIMIT: limit } = loadMatchingConfig(env);
  const provider = await createEmbeddingProvider(embeddingCfg);
  try {
    const started = performance.now();
    const vectors = await embedSet(provider, set);
    const embedSeconds = (performance.now() - started) / 1000;
    const prediction = predict(set, vectors, { threshold, limit });
    const metrics = measure(set, new Set(prediction.pairs.keys()));
    const gold = truePairs(set);
    const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
    const trueScores = sorted([...gold].map((p) => prediction.scores.get(p) ?? 0));
    const falseScores = sorted(
      [...prediction.scores].filter(([p]) => !gold.has(p)).map(([, s]) => s),
    );
    if (opts.explain) console.log(explain(set, prediction, gold, label));
    return {
      label,
      provider: provider.name,
      threshold,
      metrics,
      scores: {
        trueP10: percentile(trueScores, 0.1),
        trueMedian: percentile(trueScores, 0.5),
        falseP99: percentile(falseScores, 0.99),
        falseMax: falseScores.at(-1) ?? Number.NaN,
      },
      embedSeconds,
    };
  } finally {
    await provider.close();
  }
}

function print(run: Run) {
  console.log(`\n${run.label} (${run.provider}, threshold ${run.threshold})`);
  const f = (x: number) => (Number.isNaN(x) ? "  —  " : x.toFixed(2).padStart(5));
  console.log("  pair     precision  recall   F1     tp  fp  fn");
  for (
    const [name, s] of [
      ...LANGUAGE_PAIRS.map((p) => [p, run.metrics.byPair[p]] as const),
      [
        "all",
        run.metrics.all,
      ] as const,
    ]
  ) {
    console.log(
      `  ${name.padEnd(7)}  ${f(s.precision)}      ${f(s.recall)}   ${f(s.f1)}  ${
        String(s.truePositives).padStart(4)
      } ${String(s.falsePositives).padStart(3)} ${String(s.falseNegatives).padStart(3)}`,
    );
  }
}

async function main() {
  const { values } = parseArgs({
    args: Deno.args,
    options: { set: { type: "string" }, explain: { type: "boolean" } },
  });
  const env = Deno.env.toObject();
  const dirs = values.set === undefined
    ? DEFAULT_SETS.map((name) => `bench/matching/${name}/`)
    : [values.set];
  const reports = [];
  for (const dir of dirs) {
    const set = await readEvalSet(values.set === undefined ? `${ROOT}${dir}` : dir);
    console.log(`\n# ${dir}`);
    const runs = [
      await evaluate(set, "Before: text vectors alone (issue 12's starting point)", {
        ...env,
        ...BEFORE,
      }, { explain: false }),
      await evaluate(set, "Now: the configured matcher", env, {
        explain: values.explain ?? false,
      }),
    ];
    runs.forEach(print);
    reports.push({
      set: dir,
      jobs: set.jobs.length,
      seekers: set.seekers.length,
      truePairs: truePairs(set).size,
      runs,
    });
  }
  if (values.set !== undefined) return;
  const at = new Date();
  const machine = await describeMachine("none");
  await Deno.writeTextFile(
    new URL("matching.md", RESULTS_DIR),
    renderReport(reports, { machine, at }),
  );
  await Deno.writeTextFile(
    new URL(datedJsonName("matching", at), RESULTS_DIR),
    JSON.stringify({ at, machine, sets: reports }, null, 2) + "\n",
  );
  console.log(`\nwrote ${new URL("matching.md", RESULTS_DIR).pathname}`);
}

if (import.meta.main) await main();
