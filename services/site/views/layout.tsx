/** The frame every HTML page shares: language, direction, head, header and footer. */
import type { Child } from "hono/jsx";
import { direction, LANGS, text } from "../i18n.ts";
import type { Lang } from "../site_job.ts";
import { withLang } from "../links.ts";

/** What a page puts into the shared frame. */
export interface LayoutProps {
  lang: Lang;
  title: string;
  /** Absolute URL of the page without a language, when the page is one search engines may index. */
  canonical?: string;
  description?: string;
  /** Keep the page out of search engines (filtered feeds, paused jobs, errors). */
  noindex?: boolean;
  /** The page's path and query: the language switch links to it in the other language. */
  here: string;
  cssHref: string;
  /** Extra head content, e.g. the JSON-LD block. */
  head?: Child;
  children?: Child;
}

/** The page frame. */
export function Layout(props: LayoutProps) {
  const t = text(props.lang);
  const other = props.lang === "ar" ? "en" : "ar";
  return (
    <html lang={props.lang} dir={direction(props.lang)}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${t.siteName}`}</title>
        {props.description && <meta name="description" content={props.description} />}
        {props.noindex && <meta name="robots" content="noindex" />}
        {props.canonical && <link rel="canonical" href={props.canonical} />}
        {props.canonical &&
          LANGS.map((l) => (
            <link rel="alternate" hreflang={l} href={withLang(props.canonical!, l)} />
          ))}
        {props.canonical && <link rel="alternate" hreflang="x-default" href={props.canonical} />}
        <link rel="stylesheet" href={props.cssHref} />
        <link rel="alternate" type="application/atom+xml" title={t.siteName} href="/feed.xml" />
        <link rel="alternate" type="application/feed+json" title={t.siteName} href="/feed.json" />
        {props.head}
      </head>
      <body>
        <header class="site-header">
          <a class="brand" href={withLang("/jobs", props.lang)}>{t.siteName}</a>
          <span class="tagline">{t.tagline}</span>
          <a class="lang-switch" href={withLang(props.here, other)} hreflang={other} lang={other}>
            {t.otherLanguage}
          </a>
        </header>
        <main>{props.children}</main>
        <footer class="site-footer">
          <a href="/feed.xml">Atom</a> · <a href="/feed.json">JSON Feed</a> ·{" "}
          <a href="/sitemap.xml">Sitemap</a>
        </footer>
      </body>
    </html>
  );
}
