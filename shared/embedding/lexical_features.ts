/**
 * The Arabic-aware lexical half of the local embedding: words and character n-grams of
 * normalised, lightly stemmed text, feature-hashed into a small signed vector. Character
 * n-grams match inflected forms the stemmer misses (ممرض / تمريض), and hashing keeps the
 * vector a fixed, small size with no vocabulary to ship.
 * @module
 */
import { hashFeature, prefixedFeatureHash, terms } from "@hire/text";
import { l2Normalize } from "./vectors.ts";

/** Default length of the lexical vector. */
export const LEXICAL_DIMENSIONS = 256;

// A whole (stemmed) word is stronger evidence than one of its n-grams.
const WORD_WEIGHT = 2;
const NGRAM_SIZES = [3, 4] as const;

// Features are counted under short keys: a word under its name (`w:<stem>`), an n-gram
// under its n characters alone, n being the key's length. A stem holds letters and digits
// only, so no n-gram key holds the word's colon. Joining `3:` to each of a posting's
// thousands of n-grams took about a fifth of the lexical half's time; the name and its
// hash are now made once per distinct feature.
const isWord = (key: string) => key.charCodeAt(1) === 58; // ':'
const NGRAM_HASHES = new Map<number, (gram: string) => number>(
  NGRAM_SIZES.map((n) => [n, prefixedFeatureHash(`${n}:`)]),
);

function featureCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const stem of terms(text)) {
    add(`w:${stem}`);
    // Numbers match as whole words only: "5" must not look like "15" or "2025".
    if (/^\p{N}+$/u.test(stem)) continue;
    const marked = `<${stem}>`;
    for (const n of NGRAM_SIZES) {
      for (let i = 0; i + n <= marked.length; i++) add(marked.slice(i, i + n));
    }
  }
  return counts;
}

// Repeats are damped to 1 + ln(count) so a long text is not carried by one word.
const weightOf = (key: string, count: number) =>
  (isWord(key) ? WORD_WEIGHT : 1) * (1 + Math.log(count));

/**
 * The weighted features of a text: `w:<stem>` per word and its 3- and 4-grams within
 * `<stem>` boundary marks (so prefixes and suffixes are told apart from word middles),
 * named `3:<gram>` and `4:<gram>`.
 */
export function lexicalFeatures(text: string): Map<string, number> {
  const features = new Map<string, number>();
  for (const [key, count] of featureCounts(text)) {
    features.set(isWord(key) ? key : `${key.length}:${key}`, weightOf(key, count));
  }
  return features;
}

/**
 * The lexical vector of a text: its {@linkcode lexicalFeatures} hashed by name into `size`
 * buckets with a hash-derived sign (so collisions cancel out on average instead of piling
 * up), then L2-normalised. All zeros when the text has no words.
 */
export function lexicalVector(text: string, size = LEXICAL_DIMENSIONS): Float32Array {
  const v = new Float32Array(size);
  for (const [key, count] of featureCounts(text)) {
    const h = isWord(key) ? hashFeature(key) : NGRAM_HASHES.get(key.length)!(key);
    const weight = weightOf(key, count);
    v[(h & 0x7fffffff) % size]! += h >>> 31 ? -weight : weight;
  }
  return l2Normalize(v);
}
