/**
 * The event catalogue, for every role: each event type the API sends to webhooks, what it
 * announces, when it is sent and its example bodies (from the AsyncAPI document's examples,
 * `views/events_catalogue.ts`), then how deliveries are signed and where the API reference is.
 * @module
 */
import { DELIVERY_ID_HEADER } from "@hire/webhooks";
import { Hono } from "hono";
import type { PagesDeps } from "../deps.ts";
import type { SignedInEnv } from "../env.ts";
import { eventDescriptions, eventsText, eventWhen, exampleCaptions } from "../text/events.ts";
import { eventCatalogue } from "../views/events_catalogue.ts";
import { InlineCode } from "../views/events_inline_code.tsx";
import { DeliverySigning } from "../views/events_signing.tsx";
import { renderPage } from "../views/page.tsx";

/** The event catalogue, mounted at `/events`. */
export function eventsRoutes(deps: PagesDeps): Hono<SignedInEnv> {
  const app = new Hono<SignedInEnv>();
  const catalogue = eventCatalogue();

  app.get("/", (c) => {
    const lang = c.get("lang");
    const t = eventsText[lang];
    const captions: Record<string, string> = exampleCaptions[lang];
    return renderPage(
      c,
      { title: t.title, section: "events" },
      <>
        <h1>{t.title}</h1>
        <p>
          <InlineCode text={t.intro} />
        </p>
        <p>
          <InlineCode text={t.dedupe(DELIVERY_ID_HEADER)} />
        </p>
        <nav class="event-contents" aria-label={t.contents}>
          <ul>
            {catalogue.map(({ type }) => (
              <li>
                <a href={`#${type}`}>
                  <code dir="ltr">{type}</code>
                </a>
              </li>
            ))}
            <li>
              <a href="#signing">{t.signingTitle}</a>
            </li>
          </ul>
        </nav>
        {catalogue.map(({ type, examples }) => (
          <section class="card event-type" id={type} aria-labelledby={`${type}-title`}>
            <h2 id={`${type}-title`}>
              <code dir="ltr">{type}</code>
            </h2>
            <p>{eventDescriptions[lang][type]}</p>
            <h3>{t.whenSent}</h3>
            <p>
              <InlineCode text={eventWhen[lang][type]} />
            </p>
            <h3>{t.example}</h3>
            {examples.map((example) => (
              <figure class="event-example" data-example={example.name}>
                {captions[example.name] && <figcaption>{captions[example.name]}</figcaption>}
                <pre dir="ltr"><code>{example.json}</code></pre>
              </figure>
            ))}
          </section>
        ))}
        <DeliverySigning lang={lang} />
        <section class="card">
          <h2>{t.referenceTitle}</h2>
          <p>{t.reference}</p>
          <p class="actions">
            <a class="button secondary" href={`${deps.apiBaseUrl}/docs`}>{t.referenceLink}</a>
            <a href={`${deps.apiBaseUrl}/v1/openapi.json`}>{t.openApiLink}</a>
          </p>
        </section>
      </>,
    );
  });

  return app;
}
