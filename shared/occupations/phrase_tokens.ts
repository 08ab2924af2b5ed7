/**
 * The tokens the vocabulary and the texts it reads are compared in: the matching terms of
 * `@hire/text` (normalised, stop words out, Arabic lightly stemmed) with English plurals
 * folded, so "Nurses" finds the phrase "nurse" and "ممرضات" finds "ممرضة".
 * @module
 */
import { isArabic, terms } from "@hire/text";

/**
 * Folds a regular English plural onto its singular. Applied alike to the vocabulary and to
 * every text, so a word it folds wrongly ("sales" → "sale") still equals itself.
 */
export function foldPlural(word: string): string {
  if (isArabic(word) || word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

// Gender-inclusive titles write the feminine ending apart: مدرب/ة, معلم (ة), مهندس/ـة.
const FEMININE_ENDING = /\s*(?:\/\s*ـ?[ةه]|\(\s*ـ?[ةه]\s*\))/g;
// "م." and "م/" before a word are the usual short form of مهندس (engineer): م. مدني.
const ENGINEER_SHORT = /(^|[\s(\-–/])م\s*[./]\s*(?=\p{L})/gu;

/** Spells out what titles abbreviate, before the words are compared. */
export function expandTitle(text: string): string {
  return text.replace(FEMININE_ENDING, "").replace(ENGINEER_SHORT, "$1مهندس ");
}

// A title's words are few and telling: keep a first letter that may be the word's own
// (برمجيات, فنيين), and strip endings to the end, so forms of one word meet.
const TITLE_STEMMING = { oneLetterProclitics: false, repeatSuffixes: true };

/** The comparable tokens of a text or a vocabulary phrase. */
export function phraseTokens(text: string): string[] {
  return terms(expandTitle(text), TITLE_STEMMING).map(foldPlural);
}
