/** A page that says what went wrong, in the visitor's language, with a way back. */
import { text } from "../i18n.ts";
import { withLang } from "../links.ts";
import type { Lang } from "../site_job.ts";
import { Layout } from "./layout.tsx";

/** What an error page says. */
export interface ErrorPageProps {
  lang: Lang;
  title: string;
  message: string;
  /** What exactly was wrong, e.g. each invalid search option. */
  details?: readonly string[];
  here: string;
  cssHref: string;
}

/** An error page; never indexed. */
export function ErrorPage(props: ErrorPageProps) {
  const t = text(props.lang);
  return (
    <Layout
      lang={props.lang}
      title={props.title}
      noindex
      here={props.here}
      cssHref={props.cssHref}
    >
      <section class="error">
        <h1>{props.title}</h1>
        <p>{props.message}</p>
        {props.details && props.details.length > 0 && (
          <ul>{props.details.map((d) => <li key={d}>{d}</li>)}</ul>
        )}
        <p>
          <a href={withLang("/jobs", props.lang)}>{t.backToJobs}</a>
        </p>
      </section>
    </Layout>
  );
}
