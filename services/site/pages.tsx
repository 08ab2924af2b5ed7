/** Rendering a page in the visitor's language, and the site's error pages. */
import type { Context } from "hono";
import type { JSX } from "hono/jsx/jsx-runtime";
import type { SiteEnv } from "./env.ts";
import { type Text, text } from "./i18n.ts";
import { type Caching, respond } from "./respond.ts";
import type { Lang } from "./site_job.ts";
import { ErrorPage } from "./views/error_page.tsx";

/** What every page needs to know about the request it answers. */
export interface PageContext {
  lang: Lang;
  /** Path and query of the request. */
  here: string;
  cssHref: string;
}

/** The request's page context. */
export function pageContext(c: Context<SiteEnv>, cssHref: string): PageContext {
  const url = new URL(c.req.url);
  return {
    lang: c.get("language") === "ar" ? "ar" : "en",
    here: url.pathname + url.search,
    cssHref,
  };
}

/** Answers with a rendered page. */
export async function htmlPage(
  c: Context<SiteEnv>,
  page: JSX.Element,
  opts: { status?: number; caching?: Caching } = {},
): Promise<Response> {
  return await respond(c, {
    body: `<!doctype html>${await page.toString()}`,
    contentType: "text/html; charset=utf-8",
    varyLanguage: true,
    ...opts,
  });
}

/** The site's error pages by status. */
const ERRORS: Record<number, (t: Text) => { title: string; message: string }> = {
  400: (t) => ({ title: t.badRequestTitle, message: t.badRequestText }),
  404: (t) => ({ title: t.notFoundTitle, message: t.notFoundText }),
  405: (t) => ({ title: t.methodTitle, message: t.methodText }),
  410: (t) => ({ title: t.goneTitle, message: t.goneText }),
  429: (t) => ({ title: t.tooManyTitle, message: t.tooManyText }),
  500: (t) => ({ title: t.errorTitle, message: t.errorText }),
  503: (t) => ({ title: t.unavailableTitle, message: t.unavailableText }),
};

/** Answers with the error page of `status`; `details` say what exactly was wrong. */
export async function errorPage(
  c: Context<SiteEnv>,
  ctx: PageContext,
  opts: { status: 400 | 404 | 405 | 410 | 429 | 500 | 503; details?: readonly string[] },
): Promise<Response> {
  const { title, message } = ERRORS[opts.status]!(text(ctx.lang));
  // 404 and 410 may be revalidated like any page (a job may appear under a typed id later,
  // and a removed one stays removed); the others describe this moment only.
  const caching = opts.status === 404 || opts.status === 410 ? "revalidate" : "none";
  return await htmlPage(
    c,
    <ErrorPage
      lang={ctx.lang}
      title={title}
      message={message}
      details={opts.details}
      here={ctx.here}
      cssHref={ctx.cssHref}
    />,
    { status: opts.status, caching },
  );
}
