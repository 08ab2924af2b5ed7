/**
 * The pages the site benchmark asks for: job pages by id, and feed searches drawn from the
 * seeded data (a city and words of a job in it), so every search finds something real and
 * no two consecutive requests are the same plan and page.
 * @module
 */
import { arabicCityName } from "@hire/jobs";
import type { Random } from "@hire/fixtures";
import { BENEFITS } from "./seed.ts";

/** What a search is drawn from: a job's city and its words. */
export interface SampledJob {
  city: string;
  title: string;
  description: string;
}

const words = (text: string) => text.match(/\p{L}+/gu) ?? [];

// Words of the seeded ads' template and benefits lists, which seekers do not search for.
const TEMPLATE_WORDS = new Set([
  ..."hiring join team will requirements with your from".split(" "),
  ..."نبحث للانضمام فريقنا تشمل المهام المتطلبات".split(" "),
  ...BENEFITS.flatMap(([en, ar]) => words(`${en} ${ar}`)).map((w) => w.toLowerCase()),
]);

/**
 * Words of `text` a seeker might search for: letters only, 4 or more, none of the ads'
 * template words and none of `exclude` (e.g. the city's own name).
 */
export function searchWords(text: string, exclude: readonly string[] = []): string[] {
  const excluded = new Set(exclude.flatMap(words).map((w) => w.toLowerCase()));
  return words(text).filter((w) => {
    const lower = w.toLowerCase();
    return [...w].length >= 4 && !TEMPLATE_WORDS.has(lower) && !excluded.has(lower);
  });
}

/** The feed's path for a city name (English or Arabic) and search words. */
export function feedPath(city: string, q: string): string {
  return `/jobs?city=${encodeURIComponent(city)}&q=${encodeURIComponent(q)}`;
}

/** One feed search: a canonical city, how the query names it, the words, and the path. */
export interface Search {
  city: string;
  cityName: string;
  q: string;
  path: string;
}

/**
 * Distinct feed searches, one per sampled job: its city, in English or Arabic, and one or
 * two of its words. Title words are common (an occupation's title is in thousands of
 * jobs); description words (a skill, a duty) are rarer, the more so in a small city.
 */
export function searches(jobs: readonly SampledJob[], rnd: Random): Search[] {
  const byPath = new Map<string, Search>();
  for (const job of jobs) {
    const fromTitle = rnd.chance(0.5);
    const names = [job.city, arabicCityName(job.city)];
    const found = searchWords(fromTitle ? job.title : job.description, names);
    if (found.length === 0) continue;
    const q = fromTitle && found.length > 1 && rnd.chance(0.3)
      ? rnd.sample(found, 2).join(" ")
      : rnd.pick(found);
    const cityName = rnd.pick(names);
    const path = feedPath(cityName, q);
    byPath.set(path, { city: job.city, cityName, q, path });
  }
  return [...byPath.values()];
}

/** Job pages' paths. */
export function jobPaths(ids: readonly string[]): string[] {
  return ids.map((id) => `/jobs/${id}`);
}

/**
 * Page views as a site gets them: job pages, with a feed search every `feedEvery`-th view
 * (cycling through each list on its own).
 */
export function mixedPaths(
  jobs: readonly string[],
  feeds: readonly string[],
  feedEvery: number,
): string[] {
  if (jobs.length === 0 || feeds.length === 0) return [...jobs, ...feeds];
  const total = Math.max(jobs.length, feeds.length * feedEvery);
  const out: string[] = [];
  let j = 0;
  let f = 0;
  for (let i = 1; i <= total; i++) {
    out.push(i % feedEvery === 0 ? feeds[f++ % feeds.length]! : jobs[j++ % jobs.length]!);
  }
  return out;
}
