/** Links between the site's pages, in a given interface language. */
import type { Lang } from "./site_job.ts";

/**
 * `href` with its `lang` query parameter set to `lang`. Works on absolute URLs and on
 * paths with or without a query; the rest of the query is kept as it was.
 */
export function withLang(href: string, lang: Lang): string {
  const url = new URL(href, "http://site.invalid");
  url.searchParams.set("lang", lang);
  return href.startsWith("/") ? url.pathname + url.search : url.toString();
}

/** The path of a job's page. */
export function jobPath(id: string): string {
  return `/jobs/${id}`;
}
