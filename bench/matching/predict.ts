/**
 * The matcher's decisions on an evaluation set, made the way the services make them: each
 * text embedded by the configured provider from the same text the embedding service
 * embeds; each job searched against the profiles that pass the hard filters and each
 * profile against the jobs, best `limit` first; pairs kept from `threshold` on. The search
 * is exact here (the index's HNSW is approximate, and at this size finds the same).
 * @module
 */
import { dot, type EmbeddingProvider } from "@hire/embedding";
import { jobText } from "@hire/embedding-service/texts.ts";
import { seekerText } from "@hire/seekers";
import { atLeast, scoreOf } from "@hire/vector";
import { type EvalSet, pairKey, placeable } from "./eval_set.ts";

/** Predicted pairs (`pairKey`) with their scores, and every scored candidate's score. */
export interface Prediction {
  pairs: Map<string, number>;
  /** Score of every placeable pair, for the score distributions. */
  scores: Map<string, number>;
}

/** Embeds the set's texts, in batches the provider handles. */
export async function embedSet(provider: EmbeddingProvider, set: EvalSet) {
  const texts = [
    ...set.jobs.map((j) => jobText(j)),
    ...set.seekers.map((s) => seekerText(s)),
  ];
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 64) {
    vectors.push(...await provider.embed(texts.slice(i, i + 64)));
  }
  return {
    jobs: vectors.slice(0, set.jobs.length),
    seekers: vectors.slice(set.jobs.length),
  };
}

/** What the matcher would announce, given the vectors. */
export function predict(
  set: EvalSet,
  vectors: { jobs: Float32Array[]; seekers: Float32Array[] },
  opts: { threshold: number; limit: number },
): Prediction {
  const scores = new Map<string, number>();
  set.jobs.forEach((job, j) => {
    set.seekers.forEach((seeker, s) => {
      if (placeable(job, seeker)) {
        scores.set(
          pairKey(job.key, seeker.key),
          scoreOf(dot(vectors.jobs[j]!, vectors.seekers[s]!)),
        );
      }
    });
  });
  const pairs = new Map<string, number>();
  const keep = (hits: { id: string; score: number }[], pair: (id: string) => string) => {
    const best = hits.sort((a, b) => b.score - a.score).slice(0, opts.limit);
    for (const h of atLeast(best, opts.threshold)) pairs.set(pair(h.id), h.score);
  };
  // Both directions, as the service searches for a new job and for a new seeker.
  for (const job of set.jobs) {
    keep(
      set.seekers.filter((s) => placeable(job, s)).map((s) => ({
        id: s.key,
        score: scores.get(pairKey(job.key, s.key))!,
      })),
      (id) => pairKey(job.key, id),
    );
  }
  for (const seeker of set.seekers) {
    keep(
      set.jobs.filter((j) => placeable(j, seeker)).map((j) => ({
        id: j.key,
        score: scores.get(pairKey(j.key, seeker.key))!,
      })),
      (id) => pairKey(id, seeker.key),
    );
  }
  return { pairs, scores };
}
