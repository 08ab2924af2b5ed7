/** Links within the console. */
import type { Lang } from "@hire/pages";

/** `path` (with any query) in `lang`: the switcher's link to the same page. */
export function withLang(path: string, lang: Lang): string {
  const url = new URL(path, "http://console.invalid");
  url.searchParams.set("lang", lang);
  return `${url.pathname}${url.search}`;
}

/**
 * Where to go after sign-in: a path of the console only (never another site), else `/`.
 * `//evil.example` and `/\evil.example` are other sites to a browser.
 */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  // A control character or backslash in a path is no console page's, and browsers read
  // either in ways that can leave the origin.
  // deno-lint-ignore no-control-regex
  return /[\x00-\x1f\\]/.test(next) ? "/" : next;
}
