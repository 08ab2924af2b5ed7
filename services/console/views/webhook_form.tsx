/** The fields of the register and edit forms, with what was refused beside each. */
import type { FieldError } from "@hire/errors";
import { EVENT_TYPES } from "@hire/jobs";
import type { Lang } from "@hire/pages";
import { eventDescriptions } from "../text/events.ts";
import { webhooksText } from "../text/webhooks.ts";
import { errorsOf, type WebhookFormValues } from "../webhook_form.ts";

/** A field error in the page's language. */
export function fieldMessage(error: FieldError, lang: Lang): string {
  return lang === "ar" ? error.messageAr : error.message;
}

function Errors(props: { id: string; errors: readonly FieldError[]; lang: Lang }) {
  if (props.errors.length === 0) return null;
  return (
    <p class="field-error" id={props.id}>
      {props.errors.map((e) => fieldMessage(e, props.lang)).join(" ")}
    </p>
  );
}

/** URL and event checkboxes, filled with `values`. */
export function WebhookFields(
  props: { lang: Lang; values: WebhookFormValues; errors: readonly FieldError[] },
) {
  const t = webhooksText[props.lang];
  const urlErrors = errorsOf(props.errors, "url");
  const eventErrors = errorsOf(props.errors, "events");
  return (
    <>
      <label>
        {t.urlLabel}
        <input
          type="url"
          name="url"
          required
          dir="ltr"
          autocomplete="url"
          spellcheck={false}
          value={props.values.url}
          aria-invalid={urlErrors.length > 0 ? "true" : undefined}
          aria-describedby={urlErrors.length > 0 ? "url-hint url-error" : "url-hint"}
        />
      </label>
      <p class="muted hint" id="url-hint">{t.urlHint}</p>
      <Errors id="url-error" errors={urlErrors} lang={props.lang} />
      <fieldset
        class="wh-event-types"
        aria-describedby={eventErrors.length > 0 ? "events-error" : undefined}
      >
        <legend>{t.eventsLegend}</legend>
        {EVENT_TYPES.map((type) => (
          <label>
            <input
              type="checkbox"
              name="events"
              value={type}
              checked={props.values.events.includes(type)}
            />
            <code dir="ltr">{type}</code>
            <span class="muted">{eventDescriptions[props.lang][type]}</span>
          </label>
        ))}
      </fieldset>
      <Errors id="events-error" errors={eventErrors} lang={props.lang} />
    </>
  );
}
