/**
 * One webhook's page: what it sends where, its state (an automatic disable with the failure
 * that caused it, first and prominent), and for those who manage integrations the forms
 * that change it.
 * @module
 */
import type { FieldError } from "@hire/errors";
import { EVENT_TYPES } from "@hire/jobs";
import type { Lang } from "@hire/pages";
import type { WebhookRow } from "@hire/webhooks";
import type { Child } from "hono/jsx";
import type { Session } from "../env.ts";
import { webhooksText } from "../text/webhooks.ts";
import type { WebhookFormValues } from "../webhook_form.ts";
import { ActionButton, CsrfField, Num, PartnerText, Time } from "./components.tsx";
import { WebhookFields } from "./webhook_form.tsx";
import { EventCodes, StateBadge, webhookState, WebhookUrl } from "./webhook_list.tsx";

/** What the page shows. */
export interface WebhookDetailProps {
  lang: Lang;
  session: Session;
  row: WebhookRow;
  canManage: boolean;
  /** What just happened, or what was refused. */
  notice?: Child;
  /** The edit form as posted, when it was refused. */
  edit?: { values: WebhookFormValues; errors: readonly FieldError[] };
  now?: Date;
}

/** The body of `/webhooks/:id`. */
export function WebhookDetail(props: WebhookDetailProps) {
  const { lang, row, session } = props;
  const t = webhooksText[lang];
  const state = webhookState(row);
  const base = `/webhooks/${row.id}`;
  const overlapUntil = row.previous_secret_until &&
      row.previous_secret_until > (props.now ?? new Date())
    ? row.previous_secret_until
    : null;
  return (
    <section>
      <p class="wh-back">
        <a href="/webhooks">{t.backToList}</a>
      </p>
      <h1>{t.webhookTitle}</h1>
      <p class="wh-url wh-lead">
        <WebhookUrl url={row.url} />
      </p>
      {props.notice}
      {state === "disabled" && (
        <section class="wh-disabled" aria-labelledby="disabled-title">
          <h2 id="disabled-title">{t.disabledTitle}</h2>
          <p>
            {t.disabledAt} <Time at={row.disabled_at} lang={lang} />
          </p>
          {row.disabled_reason && (
            <p>
              <strong>{t.disabledReason}:</strong> <PartnerText>{row.disabled_reason}</PartnerText>
            </p>
          )}
          {props.canManage && (
            <>
              <p>{t.reEnableHint}</p>
              <ActionButton session={session} action={`${base}/resume`} label={t.reEnable} />
            </>
          )}
        </section>
      )}
      {state === "paused" && <p class="notice info">{t.pausedText}</p>}
      <dl class="facts">
        <dt>{t.state}</dt>
        <dd>
          <StateBadge row={row} lang={lang} />
        </dd>
        <dt>{t.events}</dt>
        <dd>
          <EventCodes events={row.events} />
        </dd>
        <dt>{t.failures}</dt>
        <dd>
          <Num value={row.consecutive_failures} lang={lang} />
        </dd>
        <dt>{t.created}</dt>
        <dd>
          <Time at={row.created_at} lang={lang} />
        </dd>
        <dt>{t.updated}</dt>
        <dd>
          <Time at={row.updated_at} lang={lang} />
        </dd>
        {overlapUntil && (
          <>
            <dt>{t.secretTitle}</dt>
            <dd>
              {t.previousSecretUntil} <Time at={overlapUntil} lang={lang} />
            </dd>
          </>
        )}
      </dl>
      <div class="actions">
        <a class="button secondary" href={`${base}/deliveries`}>{t.deliveries}</a>
        {props.canManage && state === "active" && (
          <ActionButton session={session} action={`${base}/pause`} label={t.pause} />
        )}
        {props.canManage && state === "paused" && (
          <ActionButton session={session} action={`${base}/resume`} label={t.resume} />
        )}
      </div>
      {props.canManage ? <ManageForms {...props} /> : <p class="muted">{t.readOnly}</p>}
    </section>
  );
}

function ManageForms(props: WebhookDetailProps) {
  const { lang, row, session } = props;
  const t = webhooksText[lang];
  const base = `/webhooks/${row.id}`;
  return (
    <>
      <section class="card" aria-labelledby="test-title">
        <h2 id="test-title">{t.testTitle}</h2>
        <p>{t.testText}</p>
        <form method="post" action={`${base}/test`}>
          <CsrfField session={session} />
          <label>
            {t.testType}
            <select name="event_type">
              {EVENT_TYPES.map((type) =>
                // deno-lint-ignore jsx-key -- rendered once on the server: hono would print a key.
                <option value={type}>{type}</option>
              )}
            </select>
          </label>
          <button type="submit">{t.testSend}</button>
        </form>
      </section>
      <section class="card" aria-labelledby="edit-title">
        <h2 id="edit-title">{t.editTitle}</h2>
        <form method="post" action={`${base}/edit`}>
          <CsrfField session={session} />
          <WebhookFields
            lang={lang}
            values={props.edit?.values ?? { url: row.url, events: row.events }}
            errors={props.edit?.errors ?? []}
          />
          <button type="submit">{t.saveChanges}</button>
        </form>
      </section>
      <section class="card" aria-labelledby="secret-title">
        <h2 id="secret-title">{t.secretTitle}</h2>
        <p>{t.secretNotShown}</p>
        <a class="button secondary" href={`${base}/rotate`}>{t.rotate}</a>
      </section>
      <section class="card" aria-labelledby="delete-title">
        <h2 id="delete-title">{t.deleteTitle}</h2>
        <p>{t.deleteConfirmText}</p>
        <a class="button danger" href={`${base}/delete`}>{t.delete}</a>
      </section>
    </>
  );
}
