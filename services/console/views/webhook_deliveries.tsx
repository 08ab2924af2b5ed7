/** A webhook's delivery log: the filter form, the attempts table and the recover form. */
import { RECOVER_LIMIT } from "@hire/accounts";
import { EVENT_TYPES } from "@hire/jobs";
import { formatNumber, type Lang } from "@hire/pages";
import {
  DELIVERY_LOG_RETENTION_DAYS,
  DELIVERY_OUTCOMES,
  type DeliveryOutcome,
  type DeliveryRow,
} from "@hire/webhooks";
import type { FilterField, FilterProblem } from "../delivery_filters.ts";
import type { Session } from "../env.ts";
import { commonText } from "../text/common.ts";
import { outcomeNames, triggerNames, webhooksText } from "../text/webhooks.ts";
import { ActionButton, Num, Time } from "./components.tsx";

type Text = typeof webhooksText.en;

/** The page's mark for "nothing here". */
export function Dash(props: { lang: Lang }) {
  return <span class="muted">{commonText[props.lang].none}</span>;
}

/** An outcome as a badge. */
export function OutcomeBadge(props: { outcome: DeliveryOutcome; lang: Lang }) {
  const kind = { succeeded: "ok", failed: "error", pending: "warn", cancelled: "" }[props.outcome];
  return <span class={`badge ${kind}`.trim()}>{outcomeNames[props.lang][props.outcome]}</span>;
}

/** A latency in milliseconds, or the page's "none". */
export function Latency(props: { ms: number | null; lang: Lang }) {
  if (props.ms === null) return <Dash lang={props.lang} />;
  const ms = formatNumber(props.ms, props.lang);
  return <span class="num">{webhooksText[props.lang].milliseconds(ms)}</span>;
}

/** When the ladder tries again, that it will not, or nothing. */
export function NextRetry(props: { row: DeliveryRow; lang: Lang }) {
  const { row, lang } = props;
  if (row.next_step === "retry") return <Time at={row.next_attempt_at} lang={lang} />;
  if (row.next_step === "dead") return <span>{webhooksText[lang].noMoreRetries}</span>;
  return <Dash lang={lang} />;
}

/** What a filter problem says. */
export function problemMessage(problem: FilterProblem, t: Text): string {
  if (problem.code === "range") return t.badRange;
  const messages: Record<FilterField, string> = {
    outcome: t.badOutcome,
    event_type: t.badEventType,
    event_id: t.badEventId,
    from: t.badDate,
    to: t.badDate,
    cursor: t.badCursor,
  };
  return messages[problem.field];
}

/** The GET form that narrows the log; its fields keep what was asked. */
export function FilterForm(
  props: {
    lang: Lang;
    action: string;
    values: Record<FilterField, string>;
    problems: readonly FilterProblem[];
  },
) {
  const t = webhooksText[props.lang];
  const invalid = (field: FilterField) =>
    props.problems.some((p) => p.field === field) ? "true" : undefined;
  return (
    <form method="get" action={props.action} class="wh-filters" role="search">
      <fieldset>
        <legend>{t.filterLegend}</legend>
        <label>
          {t.outcome}
          <select name="outcome" aria-invalid={invalid("outcome")}>
            <option value="">{t.any}</option>
            {DELIVERY_OUTCOMES.map((o) => (
              <option value={o} selected={props.values.outcome === o}>
                {outcomeNames[props.lang][o]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.eventType}
          <select name="event_type" aria-invalid={invalid("event_type")}>
            <option value="">{t.any}</option>
            {EVENT_TYPES.map((type) => (
              <option value={type} selected={props.values.event_type === type}>{type}</option>
            ))}
          </select>
        </label>
        <label>
          {t.eventId}
          <input
            type="text"
            name="event_id"
            dir="ltr"
            spellcheck={false}
            value={props.values.event_id}
            aria-invalid={invalid("event_id")}
          />
        </label>
        <label>
          {t.from}
          <input type="date" name="from" value={props.values.from} aria-invalid={invalid("from")} />
        </label>
        <label>
          {t.to}
          <input type="date" name="to" value={props.values.to} aria-invalid={invalid("to")} />
        </label>
      </fieldset>
      <p class="actions">
        <button type="submit">{t.applyFilters}</button>
        <a href={props.action}>{t.clearFilters}</a>
      </p>
    </form>
  );
}

/** The attempts, newest first, each with a link to its detail and a Resend button. */
export function DeliveryTable(
  props: {
    lang: Lang;
    session: Session;
    webhookId: string;
    rows: readonly DeliveryRow[];
    canManage: boolean;
    filtered: boolean;
  },
) {
  const { lang } = props;
  const t = webhooksText[lang];
  if (props.rows.length === 0) {
    return <p class="muted">{props.filtered ? t.noMatches : t.noDeliveries}</p>;
  }
  const base = `/webhooks/${props.webhookId}/deliveries`;
  return (
    <div class="table-scroll">
      <table class="wh-deliveries">
        <thead>
          <tr>
            <th scope="col">{t.colDelivery}</th>
            <th scope="col">{t.colEvent}</th>
            <th scope="col">{t.colType}</th>
            <th scope="col">{t.colAttempt}</th>
            <th scope="col">{t.colTrigger}</th>
            <th scope="col">{t.colOutcome}</th>
            <th scope="col">{t.colStatus}</th>
            <th scope="col">{t.colLatency}</th>
            <th scope="col">{t.colNextRetry}</th>
            <th scope="col">{t.colCreated}</th>
            {props.canManage && <th scope="col">{t.colActions}</th>}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr>
              <td>
                <a href={`${base}/${row.id}`}>
                  <code dir="ltr">{row.id}</code>
                </a>
              </td>
              <td>
                <code dir="ltr">{row.event_id}</code>
              </td>
              <td>
                <code dir="ltr">{row.event_type}</code>
              </td>
              <td>
                <Num value={row.attempt} lang={lang} />
              </td>
              <td>{triggerNames[lang][row.trigger]}</td>
              <td>
                <OutcomeBadge outcome={row.status} lang={lang} />
              </td>
              <td>
                {row.status_code === null
                  ? <Dash lang={lang} />
                  : <span class="num">{row.status_code}</span>}
              </td>
              <td>
                <Latency ms={row.duration_ms} lang={lang} />
              </td>
              <td>
                <NextRetry row={row} lang={lang} />
              </td>
              <td>
                <Time at={row.created_at} lang={lang} />
              </td>
              {props.canManage && (
                <td>
                  {row.status !== "pending" && (
                    <ActionButton
                      session={props.session}
                      action={`${base}/${row.id}/resend`}
                      label={t.resend}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The recover form: a GET to the page that counts before anything is sent. */
export function RecoverForm(
  props: { lang: Lang; webhookId: string; since: string; invalid?: boolean },
) {
  const t = webhooksText[props.lang];
  return (
    <section class="card" aria-labelledby="recover-title">
      <h2 id="recover-title">{t.recoverTitle}</h2>
      <p>{t.recoverText(formatNumber(RECOVER_LIMIT, props.lang))}</p>
      <form method="get" action={`/webhooks/${props.webhookId}/deliveries/recover`}>
        <label>
          {t.since}
          <input
            type="datetime-local"
            name="since"
            required
            value={props.since}
            aria-invalid={props.invalid ? "true" : undefined}
            aria-describedby={props.invalid ? "since-error" : undefined}
          />
        </label>
        {props.invalid && (
          <p class="field-error" id="since-error">
            {t.badSince(formatNumber(DELIVERY_LOG_RETENTION_DAYS, props.lang))}
          </p>
        )}
        <button type="submit">{t.recoverCount}</button>
      </form>
    </section>
  );
}
