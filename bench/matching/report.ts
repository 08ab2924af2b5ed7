/** The evaluation's Markdown report. @module */
import type { Machine } from "../common/machine.ts";
import { LANGUAGE_PAIRS, type Metrics, type Slice } from "./metrics.ts";

/** One evaluated configuration. */
export interface Run {
  label: string;
  provider: string;
  threshold: number;
  metrics: Metrics;
  /** Quantiles of the scores of true pairs and of placeable false pairs. */
  scores: { trueP10: number; trueMedian: number; falseMax: number; falseP99: number };
  embedSeconds: number;
}

const pct = (x: number) => (Number.isNaN(x) ? "—" : x.toFixed(2));
const row = (label: string, s: Slice) =>
  `| ${label} | ${pct(s.precision)} | ${pct(s.recall)} | ${
    pct(s.f1)
  } | ${s.truePositives} | ${s.falsePositives} | ${s.falseNegatives} |`;

/** The runs on one set. */
export interface SetReport {
  set: string;
  jobs: number;
  seekers: number;
  truePairs: number;
  runs: Run[];
}

const SET_NOTES: Record<string, string> = {
  "bench/matching/set/":
    "The first set, written by an independent writer before any tuning; its misses were read " +
    "while the vocabulary was built (occupations merged by the rule, titles added), so its " +
    "figures are no longer a blind test.",
  "bench/matching/holdout/":
    "The held-out set, written later by another independent writer on other occupations; " +
    "never read by the vocabulary's authors and not tuned on.",
};

function section(r: Run): string {
  return `### ${r.label}

Provider \`${r.provider}\`, threshold ${r.threshold}; embedding the set took ${
    r.embedSeconds.toFixed(1)
  } s.

| job → profile | precision | recall | F1 | true pos. | false pos. | missed |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${LANGUAGE_PAIRS.map((p) => row(p, r.metrics.byPair[p])).join("\n")}
${row("**all**", r.metrics.all)}

Scores: true pairs p10 ${pct(r.scores.trueP10)}, median ${pct(r.scores.trueMedian)}; pairs that
pass the hard filters but are not true matches: p99 ${pct(r.scores.falseP99)}, max ${
    pct(r.scores.falseMax)
  }.`;
}

/** The report of the runs on every set. */
export function renderReport(sets: SetReport[], ctx: { machine: Machine; at: Date }): string {
  const body = sets.map((s) =>
    `## \`${s.set}\`: ${s.jobs} jobs, ${s.seekers} profiles, ${s.truePairs} true pairs

${SET_NOTES[s.set] ?? ""}

${s.runs.map(section).join("\n\n")}`
  );
  return `# Matching evaluation

Measured on ${ctx.at.toISOString()} with \`deno task eval:matching\`. True pairs by each set's rule
(same occupation label, same city, the job's employment type among the profile's). A pair is
predicted when the matcher would announce it: the score of the two vectors at or above the threshold
among a job's (or a profile's) best \`MATCH_LIMIT\` candidates that pass the hard filters. Targets:
precision ≥ 0.9 and recall ≥ 0.8 in each language pair. How the sets were written: their
\`README.md\`; what the score means: \`docs/matching.md\`.

${body.join("\n\n")}

Machine: ${ctx.machine.nproc} × ${ctx.machine.cpuModel}, ${ctx.machine.memoryGiB} GiB, ${ctx.machine.os},
${ctx.machine.deno}.
`;
}
