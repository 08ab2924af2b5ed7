/**
 * The Arabic-aware lexical half of the local embedding: words and character n-grams of
 * normalised, lightly stemmed text, feature-hashed into a small signed vector. Character
 * n-grams match inflected forms the stemmer misses (ممرض / تمريض), and hashing keeps the
 * vector a fixed, small size with no vocabulary to ship.
 * @module
 */
import { hashFeature, terms } from "@hire/text";
import { l2Normalize } from "./vectors.ts";

/** Default length of the lexical vector. */
export const LEXICAL_DIMENSIONS = 256;

// A whole (stemmed) word is stronger evidence than one of its n-grams.
const WORD_WEIGHT = 2;
const NGRAM_SIZES = [3, 4] as const;

/**
 * The weighted features of a text: `w:<stem>` per word and its 3- and 4-grams within
 * `<stem>` boundary marks (so prefixes and suffixes are told apart from word middles).
 * Repeats are damped to 1 + ln(count) so a long text is not carried by one word.
 */
export function lexicalFeatures(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
  for (const stem of terms(text)) {
    add(`w:${stem}`);
    // Numbers match as whole words only: "5" must not look like "15" or "2025".
    if (/^\p{N}+$/u.test(stem)) continue;
    const marked = `<${stem}>`;
    for (const n of NGRAM_SIZES) {
      for (let i = 0; i + n <= marked.length; i++) add(`${n}:${marked.slice(i, i + n)}`);
    }
  }
  const features = new Map<string, number>();
  for (const [feature, count] of counts) {
    const weight = feature.startsWith("w:") ? WORD_WEIGHT : 1;
    features.set(feature, weight * (1 + Math.log(count)));
  }
  return features;
}

/**
 * The lexical vector of a text: features hashed into `size` buckets with a hash-derived
 * sign (so collisions cancel out on average instead of piling up), then L2-normalised.
 * All zeros when the text has no words.
 */
export function lexicalVector(text: string, size = LEXICAL_DIMENSIONS): Float32Array {
  const v = new Float32Array(size);
  for (const [feature, weight] of lexicalFeatures(text)) {
    const h = hashFeature(feature);
    v[(h & 0x7fffffff) % size]! += h >>> 31 ? -weight : weight;
  }
  return l2Normalize(v);
}
