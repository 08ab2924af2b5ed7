/**
 * Renders partners' job descriptions (Markdown, Arabic or English) to HTML that is safe to
 * put in the public job page without a sanitizer: raw HTML is escaped, only `http:`, `https:`
 * and `mailto:` links survive, images are off, and every block takes its own direction.
 * @module
 */
import markdownit from "markdown-it";
import type { MarkdownIt, StateCore, Token } from "markdown-it";

/** The `rel` every rendered link carries. */
export const LINK_REL = "nofollow ugc noopener";

/**
 * The page owns `<h1>` (the job title) and `<h2>` (its own sections, such as the description
 * and the employer), so a partner's `#` becomes `<h3>`; deeper levels clamp at `<h6>`.
 */
const HEADING_SHIFT = 2;
const MAX_HEADING_LEVEL = 6;

const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:", "mailto:"]);
const ALLOWED_PREFIX = /^(?:https?:\/\/|mailto:)/i;
// normalizeLink percent-encodes whitespace and control characters, so finding one here means
// the URL took a path we did not expect: refuse it rather than reason about how a browser
// would strip it.
const RAW_SPACE_OR_CONTROL = /[\s\p{Cc}]/u;

/** Block tokens whose text a partner writes, so each picks its direction from its first letter. */
// Lists and tables take the direction of their first text as a whole: `dir="auto"` skips
// descendants with a `dir` of their own, so marking items or cells would leave the list or
// table itself left-to-right, bullets and first column on the wrong side of Arabic text.
const DIR_AUTO_BLOCKS: ReadonlySet<string> = new Set([
  "paragraph_open",
  "heading_open",
  "blockquote_open",
  "bullet_list_open",
  "ordered_list_open",
  "table_open",
]);

/**
 * Whether a link target may become an `href`. markdown-it passes the URL after decoding
 * entities and percent-encoding it, so `&#106;avascript:` and `java\tscript:` arrive here as
 * `javascript:` and `java%09script:`; an allowlist of schemes refuses both, and also relative
 * and protocol-relative URLs, which would resolve against our own origin or scheme.
 */
export function isAllowedHref(url: string): boolean {
  if (!ALLOWED_PREFIX.test(url) || RAW_SPACE_OR_CONTROL.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!ALLOWED_PROTOCOLS.has(parsed.protocol)) return false;
  return parsed.protocol === "mailto:" || parsed.hostname !== "";
}

function shiftHeading(token: Token): void {
  const level = Number(token.tag.slice(1));
  token.tag = `h${Math.min(level + HEADING_SHIFT, MAX_HEADING_LEVEL)}`;
}

// The table rule writes alignment as `style="text-align:…"`; inline styles are refused by
// the page's CSP and give partners a style attribute, so alignment becomes a fixed class.
function alignmentToClass(token: Token): void {
  const style = token.attrGet("style");
  if (style === null) return;
  token.attrs = (token.attrs ?? []).filter(([name]) => name !== "style");
  const align = /^text-align:(left|center|right)$/.exec(String(style))?.[1];
  if (align) token.attrJoin("class", `md-align-${align}`);
}

function decorateLinks(children: Token[]): void {
  for (const child of children) {
    // No `target`: links open in the same tab, so the linked page never gets
    // `window.opener`; `noopener` stays in case a later change adds `target="_blank"`.
    if (child.type === "link_open") child.attrSet("rel", LINK_REL);
  }
}

// Runs last in the core chain so it also sees the links that linkify added.
function siteAttributes(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type === "heading_open" || token.type === "heading_close") shiftHeading(token);
    if (token.type === "th_open" || token.type === "td_open") alignmentToClass(token);
    if (DIR_AUTO_BLOCKS.has(token.type)) token.attrSet("dir", "auto");
    if (token.type === "inline" && token.children) decorateLinks(token.children);
  }
}

function createMarkdown(): MarkdownIt {
  const md = new markdownit({
    html: false,
    linkify: true,
    typographer: false,
    // Partners write in a textarea, where a single newline means a new line.
    breaks: true,
  });
  // `html: false` already escapes raw HTML; disabling the rules as well keeps it escaped even
  // if someone later turns the option on for another use of this instance.
  md.disable(["html_block", "html_inline"]);
  // External images would leak seekers' IP addresses and break `img-src 'self'`; without the
  // rule `![alt](url)` renders as `!` followed by an ordinary (validated) link.
  md.disable("image");
  md.validateLink = isAllowedHref;
  md.core.ruler.push("site_attributes", siteAttributes);
  return md;
}

const markdown = createMarkdown();
// Tables pad short rows to the header's width, so a 20,000-character description of one
// wide header and many short rows becomes over a megabyte of HTML. Past this size the
// description is rendered again with tables off: its text stays, the amplification goes.
const MAX_HTML_CHARS = 200_000;
const withoutTables = createMarkdown().disable("table");

/**
 * Renders a partner's Markdown to HTML for the public job page.
 *
 * Raw HTML is shown as text, refused links stay as their literal Markdown text, every `<a>`
 * gets `rel="nofollow ugc noopener"`, headings start at `<h3>` and block elements carry
 * `dir="auto"`.
 */
export function renderMarkdown(source: string): string {
  const html = markdown.render(source);
  return html.length > MAX_HTML_CHARS ? withoutTables.render(source) : html;
}

/** Options of {@link createRenderCache}. */
export interface RenderCacheOptions {
  /** How many rendered descriptions to keep; the least recently viewed is dropped first. */
  maxEntries: number;
}

/** Counters of a {@link RenderCache}; `misses` is the number of renders it did. */
export interface RenderCacheStats {
  hits: number;
  misses: number;
  size: number;
}

/** A bounded cache of rendered descriptions. */
export interface RenderCache {
  /**
   * Returns the HTML for `key`, rendering `source` only when `key` is not cached. The key must
   * change whenever the source does (`${jobId}@${contentVersion}`): the source is not compared.
   */
  render(key: string, source: string): string;
  /** Hit, miss and size counters, for tests and metrics. */
  stats(): RenderCacheStats;
}

/**
 * A job's rendered description, from `cache`. The key is the job and its content version,
 * which changes with every title or description change, so a cached rendering is never
 * that of an older description.
 */
export function renderDescription(
  cache: RenderCache,
  job: { id: string; content_version: number; description: string },
): string {
  return cache.render(`${job.id}@${job.content_version}`, job.description);
}

/**
 * Creates an LRU cache of {@link renderMarkdown} results, so a 20,000-character description
 * is rendered once per content version rather than on every view.
 */
export function createRenderCache(opts: RenderCacheOptions): RenderCache {
  const { maxEntries } = opts;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
  }
  // A Map iterates in insertion order, so re-inserting on a hit keeps the oldest entry first.
  const entries = new Map<string, string>();
  let hits = 0;
  let misses = 0;
  return {
    render(key, source) {
      const cached = entries.get(key);
      if (cached !== undefined) {
        hits++;
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      misses++;
      const html = renderMarkdown(source);
      entries.set(key, html);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return html;
    },
    stats: () => ({ hits, misses, size: entries.size }),
  };
}
