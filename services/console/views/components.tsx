/** Small pieces pages share. */
import { formatDateTime, formatNumber, type Lang } from "@hire/pages";
import type { Child } from "hono/jsx";
import type { Session } from "../env.ts";
import { CSRF_FIELD } from "../middleware/csrf.ts";
import { commonText } from "../text/common.ts";

/** The hidden field every signed-in form carries (middleware/csrf.ts). */
export function CsrfField(props: { session: Session }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.session.csrfToken} />;
}

/** A form that posts one action with the CSRF token, as one button. */
export function ActionButton(
  props: {
    session: Session;
    action: string;
    label: string;
    /** Extra hidden fields. */
    fields?: Record<string, string>;
    danger?: boolean;
  },
) {
  return (
    <form method="post" action={props.action} class="inline">
      <CsrfField session={props.session} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <button type="submit" class={props.danger ? "danger" : undefined}>{props.label}</button>
    </form>
  );
}

/** An instant in the page's language, with the exact time for machines and tooltips. */
export function Time(props: { at: Date | null | undefined; lang: Lang; empty?: string }) {
  if (!props.at) return <span class="muted">{props.empty ?? commonText[props.lang].none}</span>;
  const iso = props.at.toISOString();
  return <time datetime={iso} title={iso}>{formatDateTime(props.at, props.lang)}</time>;
}

/** A number in the page's language. */
export function Num(props: { value: number; lang: Lang }) {
  return <span class="num">{formatNumber(props.value, props.lang)}</span>;
}

/** A message above a page's content: what just happened, or what went wrong. */
export function Notice(props: { kind: "ok" | "error" | "info"; children?: Child }) {
  return (
    <div class={`notice ${props.kind}`} role={props.kind === "error" ? "alert" : "status"}>
      {props.children}
    </div>
  );
}

/**
 * A secret shown once (a new API key, a webhook's signing secret): selectable, never
 * stored by the page, with why it will not be shown again.
 */
export function SecretOnce(props: { label: string; value: string; warning: string }) {
  return (
    <div class="secret-once">
      <label>
        {props.label}
        <input
          type="text"
          readonly
          value={props.value}
          dir="ltr"
          class="secret"
          spellcheck={false}
        />
      </label>
      <p class="warning">{props.warning}</p>
    </div>
  );
}

/** Partner-written text, in a block of its own direction. */
export function PartnerText(props: { children?: Child; ltr?: boolean }) {
  return <bdi dir={props.ltr ? "ltr" : "auto"}>{props.children}</bdi>;
}
