/**
 * XML sitemaps (sitemaps.org protocol 0.9) and the XML escaping the site's feeds share.
 * @module
 */
import { isoDateTime } from "./format.ts";

/** The protocol's limit on `<url>` entries in one sitemap, and on sitemaps in one index. */
export const SITEMAP_MAX_URLS = 50_000;

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** One page in a sitemap. `loc` is absolute and already percent-encoded. */
export interface SitemapEntry {
  loc: string;
  lastmod: Date;
}

/** One sitemap in a sitemap index. */
export interface SitemapIndexEntry {
  loc: string;
  lastmod?: Date;
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
// Characters XML 1.0 forbids even as references: C0 controls other than tab, LF and CR,
// unpaired surrogates, U+FFFE and U+FFFF. Partner text can hold them, and one of them
// makes the whole document unparseable.
// deno-lint-ignore no-control-regex -- matching control characters is the point.
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;

/**
 * Text made safe for XML character data and attribute values: `& < > " '` become
 * entities and characters XML 1.0 cannot carry are dropped.
 */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID, "").replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

function assertWithinLimit(count: number, what: string): void {
  if (count > SITEMAP_MAX_URLS) {
    throw new RangeError(`${count} ${what} exceed the sitemap limit of ${SITEMAP_MAX_URLS}`);
  }
}

/**
 * A `<urlset>` sitemap. Throws a `RangeError` above {@linkcode SITEMAP_MAX_URLS} entries:
 * split them across sitemaps listed by {@linkcode sitemapIndexXml}.
 */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  assertWithinLimit(entries.length, "URLs");
  const urls = entries.map((e) =>
    `  <url>\n    <loc>${escapeXml(e.loc)}</loc>\n` +
    `    <lastmod>${isoDateTime(e.lastmod)}</lastmod>\n  </url>\n`
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n` +
    `${urls.join("")}</urlset>\n`;
}

/**
 * A `<sitemapindex>` listing sitemaps. Throws a `RangeError` above
 * {@linkcode SITEMAP_MAX_URLS} entries.
 */
export function sitemapIndexXml(entries: readonly SitemapIndexEntry[]): string {
  assertWithinLimit(entries.length, "sitemaps");
  const sitemaps = entries.map((e) => {
    const lastmod = e.lastmod ? `    <lastmod>${isoDateTime(e.lastmod)}</lastmod>\n` : "";
    return `  <sitemap>\n    <loc>${escapeXml(e.loc)}</loc>\n${lastmod}  </sitemap>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n` +
    `${sitemaps.join("")}</sitemapindex>\n`;
}
