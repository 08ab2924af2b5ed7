/**
 * Text normalisation and word splitting for the lexical half of the local embedding. The
 * dense model is English-only and reads Arabic letter by letter, so Arabic matching rests
 * on these words: spelling variants that Arabic writers use interchangeably must map to
 * one form, and the clitics glued to Arabic words must come off.
 * @module
 */

// Tashkeel (fathatan … sukun, maddah/hamza marks), superscript alef, Quranic annotation
// marks and tatweel carry no meaning for matching and are often typed inconsistently.
const MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
// After NFD, Latin accents and any hamza/madda left on a letter are combining marks.
const COMBINING = /\p{M}/gu;

const LETTERS: Record<string, string> = {
  "أ": "ا",
  "إ": "ا",
  "آ": "ا",
  "ٱ": "ا",
  "ى": "ي",
  "ة": "ه",
  // Persian keh and yeh come from Persian keyboard layouts, common in Gulf typing.
  "ک": "ك",
  "ی": "ي",
};
const LETTER_RE = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");
const INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * Normalises text for lexical matching: NFKC (presentation forms, ligatures), lower case,
 * no diacritics/tashkeel or tatweel, one alef (أ إ آ ٱ → ا), ى → ي, ة → ه, Arabic-Indic
 * digits → ASCII, and Latin accents removed.
 */
export function normaliseText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(MARKS, "")
    .replace(LETTER_RE, (c) => LETTERS[c] ?? c)
    .replace(INDIC_DIGITS, (d) => String(d.codePointAt(0)! & 0xf))
    .normalize("NFD")
    .replace(COMBINING, "")
    .normalize("NFC");
}

const ARABIC = /[\u0600-\u06FF]/;

/** Whether a (normalised) word is written in Arabic script. */
export function isArabic(word: string): boolean {
  return ARABIC.test(word);
}

// Function words in their normalised spelling, plus the boilerplate of job posts and
// profiles (مطلوب "wanted", خبره "experience", years ...): words found in related and
// unrelated texts alike only add noise to the similarity. Arabic entries are matched
// before and after the proclitics come off, so وخبره goes too.
const STOP_WORDS = new Set([
  ..."في من الي علي عن مع ذات ذو او ثم هذا هذه ذلك تلك التي الذي الذين كان كانت لدي لديه لديها عند كل بعد قبل حتي ان قد لا ما هو هي نحن انا و ب ل"
    .split(" "),
  ..."مطلوب مطلوبه نبحث نريد للعمل خبره سنوات سنه سنتين".split(" "),
  ..."a an the of in on at to for and or with by from as is are be we you our your i my this that"
    .split(" "),
  ..."experience experienced years year required needed wanted looking".split(" "),
]);

/** Splits normalised text into words (runs of letters and digits). */
export function words(normalised: string): string[] {
  return normalised.match(/[\p{L}\p{N}]+/gu) ?? [];
}

// Longest first, so "وال" wins over "ال".
const ARTICLES = ["وال", "بال", "كال", "فال", "لل", "ال"];
// A one-letter proclitic comes off only when enough is left: many words begin with these
// letters (فني "technician", بيع "sale"); a word stripped by mistake is stripped the same
// way in every text, so it still matches itself.
const PROCLITICS: Record<string, number> = { "و": 3, "ف": 4, "ب": 4, "ل": 4 };
// Applied in turn. No bare ي: it would make رياضيات ("mathematics") the Riyadh of الرياض.
const SUFFIXES = ["ها", "ان", "ات", "ون", "ين", "ه"];
const MIN_STEM = 2;

/** Removes the article with its glued preposition or conjunction, else one proclitic. */
export function stripProclitics(word: string): string {
  if (!isArabic(word)) return word;
  for (const a of ARTICLES) {
    if (word.startsWith(a) && word.length - a.length >= MIN_STEM) return word.slice(a.length);
  }
  const min = PROCLITICS[word[0]!];
  return min !== undefined && word.length - 1 >= min ? word.slice(1) : word;
}

/** Removes plural, feminine and possessive suffixes in turn, keeping two letters at least. */
export function stripSuffixes(word: string): string {
  if (!isArabic(word)) return word;
  let w = word;
  for (const s of SUFFIXES) {
    if (w.endsWith(s) && w.length - s.length >= MIN_STEM) w = w.slice(0, -s.length);
  }
  return w;
}

/**
 * A light Arabic stem (after Larkey's light10): proclitics off the front, suffixes off the
 * back. So بالمستشفي and مستشفيات both give مستشفي, ممرضه and ممرضات both give ممرض.
 * Non-Arabic words come back unchanged.
 */
export function lightStem(word: string): string {
  return stripSuffixes(stripProclitics(word));
}

/** How hard {@linkcode terms} stems. */
export interface StemOptions {
  /**
   * Whether a lone و ف ب ل comes off a word without the article (default true). Off, a
   * word keeps a first letter that belongs to it (برمجيات, فنيين), so it meets its own
   * form with the article (البرمجيات); a conjunction glued to it then stays on.
   */
  oneLetterProclitics?: boolean;
  /**
   * Whether suffixes come off until none is left (default false: one pass), so a plural
   * and its singular meet whatever the order of their endings (دهانين, دهان).
   */
  repeatSuffixes?: boolean;
}

function stem(word: string, opts: StemOptions): string {
  if (!isArabic(word)) return word;
  const article = ARTICLES.find((a) => word.startsWith(a) && word.length - a.length >= MIN_STEM);
  return article || (opts.oneLetterProclitics ?? true) ? stripProclitics(word) : word;
}

function strip(word: string, opts: StemOptions): string {
  let w = stripSuffixes(word);
  if (opts.repeatSuffixes) {
    for (let prev = word; w !== prev; prev = w, w = stripSuffixes(w));
  }
  return w;
}

/** The matching terms of a text: normalised, stop words dropped, lightly stemmed. */
export function terms(text: string, opts: StemOptions = {}): string[] {
  const out: string[] = [];
  for (const word of words(normaliseText(text))) {
    if (STOP_WORDS.has(word)) continue;
    const bare = stem(word, opts);
    if (STOP_WORDS.has(bare)) continue;
    out.push(strip(bare, opts));
  }
  return out;
}
