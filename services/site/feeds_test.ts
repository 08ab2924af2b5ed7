import assert from "node:assert/strict";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { atomFeed, type FeedEntry, type FeedOptions, jsonFeed } from "./feeds.ts";

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const NASTY_TITLE = `Engineer <b>"Senior"</b> & 'Lead' </title></entry>]]>`;
const NASTY_HTML = `<p>Pay &amp; perks</p><script>alert("x")</script>`;

const entry = (n: number, overrides: Partial<FeedEntry> = {}): FeedEntry => ({
  url: `https://jobs.example.sa/en/jobs/job_${n}`,
  title: `Job ${n}`,
  html: `<p>Job ${n}</p>`,
  published: new Date("2026-11-24T22:30:05.123Z"),
  updated: new Date("2026-11-25T08:00:00Z"),
  author: "Acme Recruiting",
  tags: ["Riyadh", "Full-time"],
  ...overrides,
});

const options = (entries: FeedEntry[], overrides: Partial<FeedOptions> = {}): FeedOptions => ({
  siteUrl: "https://jobs.example.sa/en",
  feedUrl: "https://jobs.example.sa/en/feed.atom",
  title: "Jobs in Saudi Arabia",
  updated: new Date("2026-11-25T08:00:00Z"),
  entries,
  lang: "en",
  ...overrides,
});

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ["entry", "link", "category"].includes(name),
});

type Node = Record<string, unknown>;

function parseAtom(xml: string): Node {
  assert.equal(XMLValidator.validate(xml), true);
  return (parser.parse(xml) as { feed: Node }).feed;
}

/** Text of an element the parser may give as a string or as `{ "#text", attributes }`. */
const text = (v: unknown) => typeof v === "string" ? v : String((v as Node)["#text"]);

Deno.test("atomFeed is well-formed Atom with feed id, title, updated and both links", () => {
  const feed = parseAtom(atomFeed(options([entry(1), entry(2)])));
  assert.equal(feed["@_xmlns"], "http://www.w3.org/2005/Atom");
  assert.equal(feed["@_xml:lang"], "en");
  assert.equal(feed.id, "https://jobs.example.sa/en/feed.atom");
  assert.equal(text(feed.title), "Jobs in Saudi Arabia");
  assert.equal(feed.updated, "2026-11-25T08:00:00Z");
  assert.deepEqual(
    (feed.link as Node[]).map((l) => [l["@_rel"], l["@_href"]]),
    [
      ["self", "https://jobs.example.sa/en/feed.atom"],
      ["alternate", "https://jobs.example.sa/en"],
    ],
  );
  assert.equal((feed.entry as Node[]).length, 2);
});

Deno.test("atomFeed entries carry id, link, dates, author, categories and HTML content", () => {
  const [e] = parseAtom(atomFeed(options([entry(1)]))).entry as Node[];
  assert.ok(e);
  assert.equal(e.id, "https://jobs.example.sa/en/jobs/job_1");
  assert.equal(text(e.title), "Job 1");
  assert.equal((e.link as Node[])[0]!["@_href"], "https://jobs.example.sa/en/jobs/job_1");
  assert.equal(e.published, "2026-11-24T22:30:05Z");
  assert.equal(e.updated, "2026-11-25T08:00:00Z");
  assert.deepEqual(e.author, { name: "Acme Recruiting" });
  assert.deepEqual((e.category as Node[]).map((c) => c["@_term"]), ["Riyadh", "Full-time"]);
  assert.equal((e.content as Node)["@_type"], "html");
  assert.equal(text(e.content), "<p>Job 1</p>");
  for (const date of [e.published, e.updated]) assert.match(String(date), RFC3339);
});

Deno.test("atomFeed escapes titles, HTML, authors, tags and URLs so they parse back as written", () => {
  const xml = atomFeed(options([
    entry(1, {
      title: NASTY_TITLE,
      html: NASTY_HTML,
      author: `A & B "Co" <x>`,
      tags: [`R&D <"x">`],
      url: "https://jobs.example.sa/en/jobs/job_1?a=1&b=2",
    }),
  ], { title: `Jobs <&"> 'feed'` }));
  const feed = parseAtom(xml);
  assert.equal(text(feed.title), `Jobs <&"> 'feed'`);
  const [e] = feed.entry as Node[];
  assert.ok(e);
  assert.equal(text(e.title), NASTY_TITLE);
  assert.equal(text(e.content), NASTY_HTML);
  assert.deepEqual(e.author, { name: `A & B "Co" <x>` });
  assert.equal((e.category as Node[])[0]!["@_term"], `R&D <"x">`);
  assert.equal(e.id, "https://jobs.example.sa/en/jobs/job_1?a=1&b=2");
  assert.ok(!xml.includes("<script>"));
});

Deno.test("atomFeed without entries or tags is still well-formed", () => {
  const feed = parseAtom(atomFeed(options([], { lang: undefined })));
  assert.equal(feed.entry, undefined);
  assert.equal(feed["@_xml:lang"], undefined);
  const [e] = parseAtom(atomFeed(options([entry(1, { tags: [] })]))).entry as Node[];
  assert.equal(e!.category, undefined);
});

Deno.test("jsonFeed has JSON Feed 1.1's required fields and each item's id", () => {
  const feed = jsonFeed(options([entry(1), entry(2, { tags: [] })]));
  assert.equal(feed.version, "https://jsonfeed.org/version/1.1");
  assert.equal(feed.title, "Jobs in Saudi Arabia");
  assert.equal(feed.home_page_url, "https://jobs.example.sa/en");
  assert.equal(feed.feed_url, "https://jobs.example.sa/en/feed.atom");
  assert.equal(feed.language, "en");
  const items = feed.items as Node[];
  assert.equal(items.length, 2);
  assert.deepEqual(items[0], {
    id: "https://jobs.example.sa/en/jobs/job_1",
    url: "https://jobs.example.sa/en/jobs/job_1",
    title: "Job 1",
    content_html: "<p>Job 1</p>",
    date_published: "2026-11-24T22:30:05Z",
    date_modified: "2026-11-25T08:00:00Z",
    authors: [{ name: "Acme Recruiting" }],
    tags: ["Riyadh", "Full-time"],
  });
  assert.equal("tags" in items[1]!, false);
  for (const item of items) {
    assert.equal(typeof item.id, "string");
    assert.match(String(item.date_published), RFC3339);
    assert.match(String(item.date_modified), RFC3339);
  }
});

Deno.test("jsonFeed keeps titles and HTML as written and survives a JSON round trip", () => {
  const feed = jsonFeed(options([entry(1, { title: NASTY_TITLE, html: NASTY_HTML })]));
  const [item] = (JSON.parse(JSON.stringify(feed)) as { items: Node[] }).items;
  assert.equal(item!.title, NASTY_TITLE);
  assert.equal(item!.content_html, NASTY_HTML);
  assert.equal("language" in jsonFeed(options([], { lang: undefined })), false);
});
