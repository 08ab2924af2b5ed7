/** The frame every console page shares: language, direction, header, navigation. */
import { can } from "@hire/partners";
import { direction, type Lang } from "@hire/pages";
import type { Child } from "hono/jsx";
import type { Session } from "../env.ts";
import { withLang } from "../links.ts";
import { commonText, planNames, roleNames } from "../text/common.ts";
import { CsrfField } from "./components.tsx";

/** The navigation's sections; a page names the one it belongs to. */
export type Section = "overview" | "jobs" | "keys" | "webhooks" | "events" | "users" | "audit";

/** What a page puts into the frame. */
export interface LayoutProps {
  lang: Lang;
  title: string;
  /** The page's path and query: the language switch links to it in the other language. */
  here: string;
  cssHref: string;
  /** Signed-in pages show the navigation and who is signed in. */
  session?: Session;
  section?: Section;
  children?: Child;
}

/** The page frame. */
export function Layout(props: LayoutProps) {
  const t = commonText[props.lang];
  const other: Lang = props.lang === "ar" ? "en" : "ar";
  const s = props.session;
  const nav: [Section, string, string, boolean][] = s
    ? [
      ["overview", "/", t.navOverview, true],
      ["jobs", "/jobs", t.navJobs, true],
      ["keys", "/keys", t.navKeys, true],
      ["webhooks", "/webhooks", t.navWebhooks, true],
      ["events", "/events", t.navEvents, true],
      ["users", "/users", t.navUsers, true],
      ["audit", "/audit", t.navAudit, can(s.user.role, "manage_users")],
    ]
    : [];
  return (
    <html lang={props.lang} dir={direction(props.lang)}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${props.title} · ${t.consoleName}`}</title>
        <link rel="stylesheet" href={props.cssHref} />
      </head>
      <body>
        <a class="skip" href="#main">{t.skipToContent}</a>
        <header class="top">
          <a class="brand" href="/">{t.consoleName}</a>
          {s && (
            <span class="partner">
              <bdi dir="auto">{s.partner.name}</bdi>
              <span class="badge">{t.plan}: {planNames[props.lang][s.partner.plan]}</span>
            </span>
          )}
          <span class="spacer" />
          <a class="lang-switch" href={withLang(props.here, other)} hreflang={other} lang={other}>
            {t.otherLanguage}
          </a>
          {s && (
            <form method="post" action="/sign-out" class="sign-out">
              <CsrfField session={s} />
              <span class="who">
                <bdi dir="ltr">{s.user.email}</bdi> · {roleNames[props.lang][s.user.role]}
              </span>
              <button type="submit" class="link">{t.signOut}</button>
            </form>
          )}
        </header>
        {nav.length > 0 && (
          <nav class="sections" aria-label={t.consoleName}>
            {nav.filter(([, , , shown]) => shown).map(([id, href, label]) => (
              <a href={href} aria-current={id === props.section ? "page" : undefined}>{label}</a>
            ))}
          </nav>
        )}
        <main id="main">{props.children}</main>
      </body>
    </html>
  );
}
