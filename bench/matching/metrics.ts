/** Precision, recall and F1 overall and per language pair. @module */
import { type EvalSet, type Lang, pairKey, truePairs } from "./eval_set.ts";

/** Counts and rates of one slice. */
export interface Slice {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** NaN when nothing was predicted. */
  precision: number;
  /** NaN when there is nothing to find. */
  recall: number;
  f1: number;
}

/** The language pairs, job → profile. */
export const LANGUAGE_PAIRS = ["en→en", "ar→ar", "ar→en", "en→ar"] as const;
/** A language pair, job → profile. */
export type LanguagePair = (typeof LANGUAGE_PAIRS)[number];

/** Metrics of a prediction. */
export interface Metrics {
  all: Slice;
  byPair: Record<LanguagePair, Slice>;
}

function slice(tp: number, fp: number, fn: number): Slice {
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  return {
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision,
    recall,
    f1: (2 * precision * recall) / (precision + recall),
  };
}

/** Scores predicted pairs (`pairKey`s) against the set's true pairs. */
export function measure(set: EvalSet, predicted: ReadonlySet<string>): Metrics {
  const gold = truePairs(set);
  const langOf = new Map<string, Lang>([...set.jobs, ...set.seekers].map((x) => [x.key, x.lang]));
  const counts = new Map<string, [number, number, number]>();
  const bump = (pair: string, k: 0 | 1 | 2) => {
    const [job, seeker] = pair.split("→") as [string, string];
    for (const name of ["all", `${langOf.get(job)}→${langOf.get(seeker)}`]) {
      const c = counts.get(name) ?? [0, 0, 0];
      c[k]++;
      counts.set(name, c);
    }
  };
  for (const p of predicted) bump(p, gold.has(p) ? 0 : 1);
  for (const p of gold) if (!predicted.has(p)) bump(p, 2);
  const of = (name: string) => slice(...(counts.get(name) ?? [0, 0, 0]));
  return {
    all: of("all"),
    byPair: Object.fromEntries(LANGUAGE_PAIRS.map((p) => [p, of(p)])) as Record<
      LanguagePair,
      Slice
    >,
  };
}

/** Re-exported for callers building predictions. */
export { pairKey };
