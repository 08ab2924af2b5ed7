/**
 * Job feeds in Atom 1.0 (RFC 4287) and JSON Feed 1.1, built from the same options.
 * @module
 */
import { isoDateTime } from "./format.ts";
import type { Lang } from "./site_job.ts";
import { escapeXml } from "./sitemap.ts";

/** One job in a feed. */
export interface FeedEntry {
  /** The job page's absolute URL; also the entry's id, since it never changes. */
  url: string;
  title: string;
  /** The rendered description HTML. */
  html: string;
  published: Date;
  updated: Date;
  /** The partner's display name. */
  author: string;
  /** E.g. the city and the employment type label. */
  tags: string[];
}

/** What both feed formats are built from. */
export interface FeedOptions {
  /** The site's home page in the feed's language. */
  siteUrl: string;
  /** This feed's own absolute URL; also the Atom feed id. */
  feedUrl: string;
  title: string;
  /** When the newest entry changed. */
  updated: Date;
  entries: readonly FeedEntry[];
  /** Language of the feed's own text; written as `xml:lang` and JSON Feed `language`. */
  lang?: Lang;
}

/** An Atom 1.0 document. Entries carry their author, so the feed needs none of its own. */
export function atomFeed(opts: FeedOptions): string {
  const x = escapeXml;
  const lang = opts.lang ? ` xml:lang="${opts.lang}"` : "";
  const entries = opts.entries.map((e) =>
    [
      "  <entry>",
      `    <id>${x(e.url)}</id>`,
      `    <title type="text">${x(e.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${x(e.url)}"/>`,
      `    <published>${isoDateTime(e.published)}</published>`,
      `    <updated>${isoDateTime(e.updated)}</updated>`,
      `    <author><name>${x(e.author)}</name></author>`,
      ...e.tags.map((t) => `    <category term="${x(t)}"/>`),
      `    <content type="html">${x(e.html)}</content>`,
      "  </entry>",
      "",
    ].join("\n")
  );
  // The feed URL is the id rather than the site URL: each language (and any filtered feed)
  // is its own feed on the same site, and ids must not collide.
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom"${lang}>`,
    `  <id>${x(opts.feedUrl)}</id>`,
    `  <title type="text">${x(opts.title)}</title>`,
    `  <updated>${isoDateTime(opts.updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${x(opts.feedUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(opts.siteUrl)}"/>`,
    `${entries.join("")}</feed>`,
    "",
  ].join("\n");
}

/** A JSON Feed 1.1 object, to be sent as `application/feed+json`. */
export function jsonFeed(opts: FeedOptions): Record<string, unknown> {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: opts.title,
    home_page_url: opts.siteUrl,
    feed_url: opts.feedUrl,
    ...(opts.lang ? { language: opts.lang } : {}),
    items: opts.entries.map((e) => ({
      id: e.url,
      url: e.url,
      title: e.title,
      content_html: e.html,
      date_published: isoDateTime(e.published),
      date_modified: isoDateTime(e.updated),
      authors: [{ name: e.author }],
      ...(e.tags.length > 0 ? { tags: [...e.tags] } : {}),
    })),
  };
}
