/**
 * The register and edit forms of a webhook, read and checked by the domain's schemas
 * (`@hire/webhooks`, the ones the API validates with), so a URL the API refuses is refused
 * here with the same bilingual field errors (`@hire/errors`).
 * @module
 */
import { type FieldError, fieldError, fieldErrorsFromZod } from "@hire/errors";
import {
  type HostRuleOptions,
  type WebhookCreate,
  webhookCreateSchema,
  type WebhookUpdate,
  webhookUpdateSchema,
} from "@hire/webhooks";
import type { z } from "zod";

/** The form as typed: what fills it again after a refusal. */
export interface WebhookFormValues {
  url: string;
  events: string[];
}

/** A form body as Hono reads it with `{ all: true }`. */
type FormBody = Record<string, string | File | (string | File)[]>;

/** The two fields of the form; files and anything else are ignored. */
export function readWebhookForm(body: FormBody): WebhookFormValues {
  const strings = (v: FormBody[string] | undefined) =>
    (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x) => typeof x === "string");
  return { url: strings(body.url)[0] ?? "", events: strings(body.events) };
}

/** The form's fields checked, or the field errors to show beside them. */
export type Checked<T> = { ok: true; fields: T } | { ok: false; errors: FieldError[] };

/** Checks a registration. */
export function checkWebhookCreate(
  values: WebhookFormValues,
  opts: HostRuleOptions,
): Checked<WebhookCreate> {
  return check(webhookCreateSchema(opts), values);
}

/** Checks an edit of URL and events (the form always sends both). */
export function checkWebhookUpdate(
  values: WebhookFormValues,
  opts: HostRuleOptions,
): Checked<WebhookUpdate> {
  return check(webhookUpdateSchema(opts), values);
}

/** The errors of one field (`url`, `events`). */
export function errorsOf(errors: readonly FieldError[], field: keyof WebhookFormValues) {
  return errors.filter((e) => e.field === `/${field}`);
}

function check<T>(schema: z.ZodType<T>, values: WebhookFormValues): Checked<T> {
  // An empty box is a missing URL to a person, not one in the wrong format.
  const errors = values.url.trim() === "" ? [fieldError("/url", "required")] : [];
  const parsed = schema.safeParse(values);
  if (parsed.success && errors.length === 0) return { ok: true, fields: parsed.data };
  if (!parsed.success) {
    // One message per field of the form: an issue inside the events list is the list's.
    for (const issue of fieldErrorsFromZod(parsed.error.issues, values)) {
      const error = { ...issue, field: `/${issue.field.split("/")[1] ?? ""}` };
      if (!errors.some((e) => e.field === error.field)) errors.push(error);
    }
  }
  return { ok: false, errors };
}
