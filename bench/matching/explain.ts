/** Lists what the matcher got wrong on a set, with what the vocabulary read. @module */
import { createRecogniser, VOCABULARY } from "@hire/occupations";
import { jobText } from "@hire/embedding-service/texts.ts";
import { seekerText } from "@hire/seekers";
import type { EvalSet } from "./eval_set.ts";
import type { Prediction } from "./predict.ts";

/** One line per missed true pair and per false match, worst first. */
export function explain(
  set: EvalSet,
  prediction: Prediction,
  gold: ReadonlySet<string>,
  label: string,
): string {
  const { recognise } = createRecogniser(VOCABULARY);
  const jobs = new Map(set.jobs.map((j) => [j.key, j]));
  const seekers = new Map(set.seekers.map((s) => [s.key, s]));
  const read = (text: string) => {
    const p = recognise(text);
    return `${p.occupation ?? "?"}${p.specialty ? `/${p.specialty}` : ""}:${p.seniority}`;
  };
  const line = (pair: string) => {
    const [jk, sk] = pair.split("→") as [string, string];
    const j = jobs.get(jk)!;
    const s = seekers.get(sk)!;
    const score = (prediction.scores.get(pair) ?? 0).toFixed(2);
    return `  ${score} ${jk}(${j.lang} ${j.occupation} ${
      read(jobText(j))
    }) "${j.title}"  ←→  ${sk}(${s.lang} ${s.occupation} ${read(seekerText(s))}) "${s.headline}"`;
  };
  const missed = [...gold].filter((p) => !prediction.pairs.has(p));
  const wrong = [...prediction.pairs.keys()].filter((p) => !gold.has(p));
  const by = (xs: string[], dir: number) =>
    xs.sort((a, b) => dir * ((prediction.scores.get(a) ?? 0) - (prediction.scores.get(b) ?? 0)));
  return [
    `\n${label}: ${missed.length} missed, ${wrong.length} false`,
    "missed (true pairs below the threshold):",
    ...by(missed, 1).map(line),
    "false matches:",
    ...by(wrong, -1).map(line),
  ].join("\n");
}
