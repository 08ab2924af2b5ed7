/**
 * One attempt: what was sent (headers as sent, the event envelope as the body) and what came
 * back (status, latency, the start of the response's body, which is the receiver's text and
 * shown as such, escaped, in its own direction).
 * @module
 */
import type { Lang } from "@hire/pages";
import type { DeliveryDetailRow, WebhookRow } from "@hire/webhooks";
import type { Child } from "hono/jsx";
import type { Session } from "../env.ts";
import { triggerNames, webhooksText } from "../text/webhooks.ts";
import { ActionButton, Num, PartnerText, Time } from "./components.tsx";
import { Dash, Latency, NextRetry, OutcomeBadge } from "./webhook_deliveries.tsx";
import { WebhookUrl } from "./webhook_list.tsx";

/** JSON text indented for reading; anything else as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Headers one a line, as they went over the wire. */
function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join("\n");
}

/** What the page shows. */
export interface DeliveryDetailProps {
  lang: Lang;
  session: Session;
  webhook: WebhookRow;
  row: DeliveryDetailRow;
  canManage: boolean;
  notice?: Child;
}

/** The body of `/webhooks/:id/deliveries/:delivery_id`. */
export function DeliveryDetail(props: DeliveryDetailProps) {
  const { lang, row, webhook } = props;
  const t = webhooksText[lang];
  const base = `/webhooks/${webhook.id}/deliveries`;
  const headers = row.request_headers;
  const pending = row.status === "pending";
  return (
    <section>
      <p class="wh-back">
        <a href={base}>{t.backToDeliveries}</a>
      </p>
      <h1>
        {t.deliveryTitle} <code dir="ltr">{row.id}</code>
      </h1>
      <p class="wh-url">
        <WebhookUrl url={webhook.url} />
      </p>
      {props.notice}
      {pending && <p class="notice info" role="status">{t.pendingText}</p>}
      <dl class="facts">
        <dt>{t.colOutcome}</dt>
        <dd>
          <OutcomeBadge outcome={row.status} lang={lang} />
        </dd>
        <dt>{t.colStatus}</dt>
        <dd>
          {row.status_code === null
            ? <Dash lang={lang} />
            : <span class="num">{row.status_code}</span>}
        </dd>
        <dt>{t.colLatency}</dt>
        <dd>
          <Latency ms={row.duration_ms} lang={lang} />
        </dd>
        {row.error && (
          <>
            <dt>{t.error}</dt>
            <dd>
              <PartnerText>{row.error}</PartnerText>
            </dd>
          </>
        )}
        <dt>{t.eventId}</dt>
        <dd>
          <code dir="ltr">{row.event_id}</code>
        </dd>
        <dt>{t.eventType}</dt>
        <dd>
          <code dir="ltr">{row.event_type}</code>
        </dd>
        <dt>{t.colAttempt}</dt>
        <dd>
          <Num value={row.attempt} lang={lang} />
        </dd>
        <dt>{t.colTrigger}</dt>
        <dd>{triggerNames[lang][row.trigger]}</dd>
        <dt>{t.colCreated}</dt>
        <dd>
          <Time at={row.created_at} lang={lang} />
        </dd>
        <dt>{t.attempted}</dt>
        <dd>
          <Time at={row.attempted_at} lang={lang} />
        </dd>
        <dt>{t.colNextRetry}</dt>
        <dd>
          <NextRetry row={row} lang={lang} />
        </dd>
      </dl>
      {props.canManage && !pending && (
        <div class="actions">
          <ActionButton
            session={props.session}
            action={`${base}/${row.id}/resend`}
            label={t.resend}
          />
          <span class="muted">{t.resendHint}</span>
        </div>
      )}
      <section class="card" aria-labelledby="request-title">
        <h2 id="request-title">{t.requestTitle}</h2>
        <h3>{t.requestHeaders}</h3>
        {headers
          ? <pre dir="ltr"><code>{headerLines(headers)}</code></pre>
          : <p class="muted">{pending ? t.notYet : t.noRequest}</p>}
        <h3>{t.requestBody}</h3>
        <pre dir="ltr"><code>{prettyJson(row.envelope)}</code></pre>
      </section>
      <section class="card" aria-labelledby="response-title">
        <h2 id="response-title">{t.responseTitle}</h2>
        <h3>{t.responseExcerpt}</h3>
        {row.response_excerpt === null
          ? <p class="muted">{pending ? t.notYet : t.noResponse}</p>
          : row.response_excerpt === ""
          ? <p class="muted">{t.emptyResponse}</p>
          : <div class="wh-excerpt" dir="auto">{row.response_excerpt}</div>}
      </section>
    </section>
  );
}
