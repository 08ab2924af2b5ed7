/** The webhooks table, and how a webhook's state and events read wherever it is shown. */
import type { Lang } from "@hire/pages";
import type { WebhookRow } from "@hire/webhooks";
import { webhooksText } from "../text/webhooks.ts";
import { PartnerText, Time } from "./components.tsx";

/** Where a webhook stands: sending, paused by its partner, or disabled by the service. */
export type WebhookState = "active" | "paused" | "disabled";

/** A webhook's state: the service records when it disabled one; a pause has no such record. */
export function webhookState(row: Pick<WebhookRow, "is_active" | "disabled_at">): WebhookState {
  if (row.is_active) return "active";
  return row.disabled_at ? "disabled" : "paused";
}

/** The state as a badge. */
export function StateBadge(props: { row: WebhookRow; lang: Lang }) {
  const t = webhooksText[props.lang];
  const state = webhookState(props.row);
  const [label, kind] = state === "active"
    ? [t.stateActive, "ok"]
    : state === "paused"
    ? [t.statePaused, "warn"]
    : [t.stateDisabled, "error"];
  return <span class={`badge ${kind}`}>{label}</span>;
}

/** Event type codes, as the API spells them. */
export function EventCodes(props: { events: readonly string[] }) {
  return (
    <span class="wh-events">
      {props.events.map((type) =>
        // deno-lint-ignore jsx-key -- rendered once on the server: hono would print a key.
        <code dir="ltr">{type}</code>
      )}
    </span>
  );
}

/** A webhook's URL: partner-written, always left to right. */
export function WebhookUrl(props: { url: string }) {
  return <PartnerText ltr>{props.url}</PartnerText>;
}

/** Every webhook of the partner, with a link to each. */
export function WebhookTable(props: { rows: readonly WebhookRow[]; lang: Lang }) {
  const t = webhooksText[props.lang];
  if (props.rows.length === 0) return <p class="muted">{t.none}</p>;
  return (
    <div class="table-scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">{t.url}</th>
            <th scope="col">{t.events}</th>
            <th scope="col">{t.state}</th>
            <th scope="col">{t.created}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr>
              <td class="wh-url">
                <a href={`/webhooks/${row.id}`}>
                  <WebhookUrl url={row.url} />
                </a>
              </td>
              <td>
                <EventCodes events={row.events} />
              </td>
              <td>
                <StateBadge row={row} lang={props.lang} />
                {row.disabled_reason && webhookState(row) === "disabled" && (
                  <p class="wh-reason">
                    <PartnerText>{row.disabled_reason}</PartnerText>
                  </p>
                )}
              </td>
              <td>
                <Time at={row.created_at} lang={props.lang} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
