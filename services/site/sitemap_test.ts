import assert from "node:assert/strict";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { escapeXml, SITEMAP_MAX_URLS, sitemapIndexXml, sitemapXml } from "./sitemap.ts";

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === "url" || name === "sitemap",
});

function parseWellFormed(xml: string): Record<string, unknown> {
  assert.equal(XMLValidator.validate(xml), true);
  return parser.parse(xml);
}

Deno.test("sitemapXml is a well-formed urlset whose locs and lastmods parse back", () => {
  const xml = sitemapXml([
    { loc: "https://jobs.example.sa/en/jobs/job_1", lastmod: new Date("2026-11-24T22:30:05.123Z") },
    { loc: "https://jobs.example.sa/ar/jobs/job_1", lastmod: new Date("2026-11-25T00:00:00Z") },
  ]);
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/);
  const { urlset } = parseWellFormed(xml) as {
    urlset: { "@_xmlns": string; url: { loc: string; lastmod: string }[] };
  };
  assert.equal(urlset["@_xmlns"], NS);
  assert.deepEqual(urlset.url, [
    { loc: "https://jobs.example.sa/en/jobs/job_1", lastmod: "2026-11-24T22:30:05Z" },
    { loc: "https://jobs.example.sa/ar/jobs/job_1", lastmod: "2026-11-25T00:00:00Z" },
  ]);
  for (const url of urlset.url) assert.match(url.lastmod, W3C_DATETIME);
});

Deno.test("sitemapXml escapes & < > \" ' in locs and they parse back unchanged", () => {
  const loc = `https://jobs.example.sa/jobs?city=Riyadh&type=full_time&q="<a>'b'"`;
  const xml = sitemapXml([{ loc, lastmod: new Date(0) }]);
  assert.ok(
    xml.includes("city=Riyadh&amp;type=full_time&amp;q=&quot;&lt;a&gt;&apos;b&apos;&quot;"),
  );
  const { urlset } = parseWellFormed(xml) as { urlset: { url: { loc: string }[] } };
  assert.equal(urlset.url[0]!.loc, loc);
});

Deno.test("sitemapXml with no entries is still a well-formed urlset", () => {
  const { urlset } = parseWellFormed(sitemapXml([])) as { urlset: Record<string, unknown> };
  assert.equal(urlset["@_xmlns"], NS);
  assert.equal(urlset.url, undefined);
});

Deno.test("sitemapXml and sitemapIndexXml refuse more than SITEMAP_MAX_URLS entries", () => {
  assert.equal(SITEMAP_MAX_URLS, 50_000);
  const entries = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({
    loc: `https://jobs.example.sa/jobs/${i}`,
    lastmod: new Date(0),
  }));
  assert.throws(() => sitemapXml(entries), RangeError);
  assert.throws(() => sitemapIndexXml(entries), RangeError);
  assert.doesNotThrow(() => sitemapXml(entries.slice(1)));
});

Deno.test("sitemapIndexXml lists sitemaps, lastmod only where given", () => {
  const xml = sitemapIndexXml([
    { loc: "https://jobs.example.sa/sitemaps/jobs-1.xml?a=1&b=2", lastmod: new Date(0) },
    { loc: "https://jobs.example.sa/sitemaps/pages.xml" },
  ]);
  const { sitemapindex } = parseWellFormed(xml) as {
    sitemapindex: { "@_xmlns": string; sitemap: Record<string, string>[] };
  };
  assert.equal(sitemapindex["@_xmlns"], NS);
  assert.deepEqual(sitemapindex.sitemap, [
    { loc: "https://jobs.example.sa/sitemaps/jobs-1.xml?a=1&b=2", lastmod: "1970-01-01T00:00:00Z" },
    { loc: "https://jobs.example.sa/sitemaps/pages.xml" },
  ]);
});

Deno.test("escapeXml escapes markup and drops characters XML 1.0 cannot hold", () => {
  assert.equal(escapeXml(`a & b <c> "d" 'e'`), "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;");
  assert.equal(escapeXml("tab\tline\nret\r"), "tab\tline\nret\r");
  assert.equal(escapeXml("bell\u0007 nul\u0000 ffff\uFFFF lone\uD800 x"), "bell nul ffff lone x");
  assert.equal(escapeXml("emoji \u{1F600} مرحبا"), "emoji \u{1F600} مرحبا");
});
