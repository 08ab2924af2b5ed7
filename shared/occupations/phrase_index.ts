/**
 * Finds the vocabulary's phrases in a text's tokens: every occurrence, then the longest
 * wins where two overlap, so "nursery teacher" is read as one phrase and "sales engineer"
 * is not an engineer.
 * @module
 */
import { phraseTokens } from "./phrase_tokens.ts";

/** One phrase of the index and what it stands for. */
export interface Phrase<T> {
  tokens: readonly string[];
  target: T;
}

/** A phrase found in a token list: tokens `[start, start + length)`. */
export interface Found<T> {
  start: number;
  length: number;
  target: T;
}

/** Phrases grouped by their first token, longest first. */
export interface PhraseIndex<T> {
  byFirst: ReadonlyMap<string, readonly Phrase<T>[]>;
}

/** Builds an index; phrases that normalise to no tokens (only stop words) are left out. */
export function buildPhraseIndex<T>(
  entries: Iterable<{ text: string; target: T }>,
): PhraseIndex<T> {
  const byFirst = new Map<string, Phrase<T>[]>();
  for (const { text, target } of entries) {
    const tokens = phraseTokens(text);
    if (tokens.length === 0) continue;
    const list = byFirst.get(tokens[0]!) ?? [];
    list.push({ tokens, target });
    byFirst.set(tokens[0]!, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return { byFirst };
}

/** Every occurrence of every phrase, overlaps included, in token order. */
export function findAll<T>(index: PhraseIndex<T>, tokens: readonly string[]): Found<T>[] {
  const out: Found<T>[] = [];
  for (let start = 0; start < tokens.length; start++) {
    for (const phrase of index.byFirst.get(tokens[start]!) ?? []) {
      const n = phrase.tokens.length;
      if (start + n > tokens.length) continue;
      let ok = true;
      for (let k = 1; k < n && ok; k++) ok = tokens[start + k] === phrase.tokens[k];
      if (ok) out.push({ start, length: n, target: phrase.target });
    }
  }
  return out;
}

/**
 * Keeps the occurrences no longer one overlaps: longest first, then earliest. Returned in
 * token order.
 */
export function longestFirst<T>(found: readonly Found<T>[]): Found<T>[] {
  const kept: Found<T>[] = [];
  const ranked = [...found].sort((a, b) => b.length - a.length || a.start - b.start);
  for (const f of ranked) {
    const overlaps = kept.some((k) => f.start < k.start + k.length && k.start < f.start + f.length);
    if (!overlaps) kept.push(f);
  }
  return kept.sort((a, b) => a.start - b.start);
}
