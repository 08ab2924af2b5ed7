/**
 * Renders a page in the frame with the request's language, session and stylesheet. Console
 * pages are never cached (they show account data, some a secret once).
 * @module
 */
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { ConsoleEnv, SignedInEnv } from "../env.ts";
import { commonText } from "../text/common.ts";
import { Layout, type Section } from "./layout.tsx";

/** A console request, signed in or not. */
type AnyConsoleEnv = ConsoleEnv | SignedInEnv;

/** What a page says about itself. */
export interface PageMeta {
  title: string;
  section?: Section;
  status?: 200 | 400 | 403 | 404 | 405 | 409 | 422 | 429 | 500 | 503;
}

/** The page as a response. */
export async function renderPage<E extends AnyConsoleEnv>(
  ctx: Context<E>,
  meta: PageMeta,
  body: Child,
): Promise<Response> {
  const c = ctx as unknown as Context<ConsoleEnv>;
  const url = new URL(c.req.url);
  c.header("Cache-Control", "no-store");
  const page = (
    <Layout
      lang={c.get("lang")}
      title={meta.title}
      here={`${url.pathname}${url.search}`}
      cssHref={c.get("cssHref")}
      session={c.get("session")}
      section={meta.section}
    >
      {body}
    </Layout>
  );
  return c.html(`<!doctype html>${await page.toString()}`, meta.status ?? 200);
}

/** The error statuses the console answers with a page. */
export type ErrorStatus = 400 | 403 | 404 | 405 | 429 | 500 | 503;

/** An error page in the request's language. */
export function errorPage<E extends AnyConsoleEnv>(
  ctx: Context<E>,
  status: ErrorStatus,
  detail?: Child,
): Promise<Response> {
  const c = ctx as unknown as Context<ConsoleEnv>;
  const t = commonText[c.get("lang") ?? "en"];
  const title = t[`errorTitle${status}`];
  return renderPage(
    c,
    { title, status },
    <section class="error">
      <h1>{title}</h1>
      <p>{t[`errorText${status}`]}</p>
      {detail}
      <p>
        <a href="/">{t.backHome}</a>
      </p>
    </section>,
  );
}
