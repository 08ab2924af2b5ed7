/**
 * Reads a job ad or a CV onto the vocabulary's concepts: which occupation, which specialty
 * of it, which seniority, which skills. The first line is the title (a job's title, a
 * CV's headline) and decides first; the rest is read when the title names no occupation.
 * @module
 */
import { normaliseText } from "@hire/text";
import {
  buildPhraseIndex,
  findAll,
  type Found,
  longestFirst,
  type PhraseIndex,
} from "./phrase_index.ts";
import { phraseTokens } from "./phrase_tokens.ts";
import {
  DEFAULT_SENIORITY,
  levelFromYears,
  SENIORITY_TERMS,
  type SeniorityLevel,
  statedYears,
} from "./seniority.ts";
import type { Occupation, SectorVocabulary, Terms } from "./vocabulary/types.ts";

/** What a text says in the vocabulary's terms. */
export interface Profile {
  /** Occupation id; missing when the vocabulary knows none of the text's job titles. */
  occupation?: string;
  /** Specialty id within the occupation, when one is named. */
  specialty?: string;
  seniority: SeniorityLevel;
  /** Skill ids, sorted, each once. */
  skills: string[];
}

/** Reads texts with one vocabulary. */
export interface Recogniser {
  recognise(text: string): Profile;
}

const phrasesOf = <T>(terms: Terms, target: T) =>
  [...terms.en, ...terms.ar].map((text) => ({ text, target }));

/** The first line and the rest. */
function split(text: string): [title: string[], body: string[], bodyText: string] {
  const cut = text.indexOf("\n");
  const title = cut < 0 ? text : text.slice(0, cut);
  const body = cut < 0 ? "" : text.slice(cut + 1);
  return [phraseTokens(title), phraseTokens(body), body];
}

/** The target named most often, ties to the one named first. */
function mostNamed<T>(found: readonly Found<T>[]): T | undefined {
  const counts = new Map<T, number>();
  for (const f of found) counts.set(f.target, (counts.get(f.target) ?? 0) + 1);
  let best: T | undefined;
  for (const f of found) {
    if (best === undefined || counts.get(f.target)! > counts.get(best)!) best = f.target;
  }
  return best;
}

/** In the title first (the first one named), else in the body (the most named). */
function pick<T>(index: PhraseIndex<T>, title: string[], body: string[]): T | undefined {
  const inTitle = longestFirst(findAll(index, title));
  if (inTitle.length > 0) return inTitle[0]!.target;
  return mostNamed(longestFirst(findAll(index, body)));
}

/** Builds a recogniser over sector vocabularies. */
export function createRecogniser(sectors: readonly SectorVocabulary[]): Recogniser {
  const occupations: Occupation[] = sectors.flatMap((s) => s.occupations);
  const occupationIndex = buildPhraseIndex(occupations.flatMap((o) => phrasesOf(o, o.id)));
  const specialtyIndex = new Map(
    occupations.map((o) => [
      o.id,
      buildPhraseIndex((o.specialties ?? []).flatMap((s) => phrasesOf(s, s.id))),
    ]),
  );
  // A specialty named in a title without its occupation ("Emergency Medicine Specialist")
  // tells the occupation when only one occupation has that specialty, the phrase has two
  // words at least (one word such as "technical" or "clinical" is said of anything), and
  // the occupation's specialties are not fields of study ("Accounting graduate" is no
  // lecturer of accounting).
  const owners = new Map<string, Set<string>>();
  for (const o of occupations) {
    for (const sp of o.specialties ?? []) {
      for (const text of [...sp.en, ...sp.ar]) {
        const key = phraseTokens(text).join(" ");
        owners.set(key, (owners.get(key) ?? new Set()).add(o.id));
      }
    }
  }
  const telling = buildPhraseIndex(
    occupations.filter((o) => !o.distinctSpecialties).flatMap((o) =>
      (o.specialties ?? []).flatMap((sp) =>
        [...sp.en, ...sp.ar].filter((text) => {
          const tokens = phraseTokens(text);
          return tokens.length >= 2 && owners.get(tokens.join(" "))?.size === 1;
        }).map((text) => ({ text, target: o.id }))
      )
    ),
  );
  const skillIndex = buildPhraseIndex(
    sectors.flatMap((s) => s.skills).flatMap((k) => phrasesOf(k, k.id)),
  );
  const seniorityIndex = buildPhraseIndex(
    SENIORITY_TERMS.flatMap((t) => [...t.en, ...t.ar].map((text) => ({ text, target: t.level }))),
  );

  return {
    recognise(text) {
      const [title, body, bodyText] = split(text);
      const occupation = pick(occupationIndex, title, []) ??
        longestFirst(findAll(telling, title))[0]?.target ?? pick(occupationIndex, [], body);
      const specialty = occupation === undefined
        ? undefined
        : pick(specialtyIndex.get(occupation)!, title, body);
      const ranks = longestFirst(findAll(seniorityIndex, title));
      const years = statedYears(normaliseText(bodyText));
      const seniority: SeniorityLevel = ranks[0]?.target ??
        (years === undefined ? DEFAULT_SENIORITY : levelFromYears(years));
      const skills = [
        ...new Set(longestFirst(findAll(skillIndex, [...title, ...body])).map((f) => f.target)),
      ].sort();
      return {
        ...(occupation === undefined ? {} : { occupation }),
        ...(specialty === undefined ? {} : { specialty }),
        seniority,
        skills,
      };
    },
  };
}
