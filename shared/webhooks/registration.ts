/**
 * The webhook resource partners register: zod schemas of what they may send (the single
 * source for the edge's validation and the API reference), the stored row, and the public
 * object.
 *
 * Custom issues carry `params.code` (a field error code of `@hire/errors`), so the edge turns
 * every issue into a bilingual field error.
 * @module
 */
import { EVENT_TYPES, type EventType } from "@hire/jobs";
import { z } from "zod";
import {
  checkWebhookUrl,
  type HostRuleOptions,
  MAX_WEBHOOK_URL_LENGTH,
  type WebhookUrlCode,
} from "./url_rules.ts";
import type { SealedSecretColumns } from "./stored_secrets.ts";

/** How long a rotated-out secret still signs deliveries, beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A webhook as stored: its secrets sealed (`stored_secrets.ts`). */
export interface WebhookRow extends SealedSecretColumns {
  id: string;
  partner_id: string;
  url: string;
  events: EventType[];
  is_active: boolean;
  consecutive_failures: number;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What partners see: never the secret (it is returned once, beside this object). */
export interface PublicWebhook {
  id: string;
  url: string;
  events: EventType[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
  /** When the service disabled the webhook after repeated failures, and why; else null. */
  disabled_at: string | null;
  disabled_reason: string | null;
  /** Until when deliveries also carry a signature with the secret before the last rotation. */
  previous_secret_expires_at: string | null;
}

/** The public object of a row. */
export function toPublicWebhook(row: WebhookRow, now = new Date()): PublicWebhook {
  const overlapping = row.previous_secret_until !== null && row.previous_secret_until > now;
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    disabled_at: row.disabled_at?.toISOString() ?? null,
    disabled_reason: row.disabled_reason,
    previous_secret_expires_at: overlapping ? row.previous_secret_until!.toISOString() : null,
  };
}

/**
 * The secrets a delivery made at `now` is signed with: the current one first, the previous
 * one only during its overlap. `S` is a secret, or what stands for one (a sealed slot).
 */
export function signingSecrets<S>(
  row: { secret: S; previous_secret: S | null; previous_secret_until: Date | null },
  now = new Date(),
): S[] {
  const overlapping = row.previous_secret !== null && row.previous_secret_until !== null &&
    row.previous_secret_until > now;
  return overlapping ? [row.secret, row.previous_secret!] : [row.secret];
}

const URL_FIELD_CODES: Record<WebhookUrlCode, string> = {
  invalid_format: "invalid_format",
  not_https: "not_https",
  too_long: "too_long",
  userinfo: "url_credentials",
  forbidden_host: "forbidden_host",
};

function urlField(opts: HostRuleOptions) {
  return z.string().transform((raw, ctx) => {
    const check = checkWebhookUrl(raw.trim(), opts);
    if (check.ok) return check.url.href;
    const params = check.code === "too_long"
      ? { max: 2048 }
      : check.code === "invalid_format"
      ? { expected: "an absolute https URL" }
      : check.code === "forbidden_host"
      ? { expected: check.reason }
      : {};
    ctx.addIssue({ code: "custom", params: { code: URL_FIELD_CODES[check.code], ...params } });
    return z.NEVER;
  }).meta({
    format: "uri",
    maxLength: MAX_WEBHOOK_URL_LENGTH,
    description: "The `https` URL deliveries are POSTed to, with no user name or password, " +
      "naming a public internet host (any port). Loopback, private, link-local, CGNAT, " +
      "multicast, reserved and cloud metadata addresses are refused, as are `localhost`, " +
      "`*.local`, `*.internal` and single-label names; the rule is applied again to every " +
      "address the name resolves to when each delivery is made. Stored normalised.",
  });
}

// A set: duplicates are folded and the order is the catalogue's, so equal subscriptions
// read the same.
const eventsField = z.array(z.enum(EVENT_TYPES)).min(1).transform((types) =>
  EVENT_TYPES.filter((t) => types.includes(t))
).meta({
  description: "The event types to deliver, at least one; duplicates are folded and the " +
    "stored order is the catalogue's.",
});

const isActiveField = z.boolean().meta({
  description: "Deliveries are sent only while true. Events while inactive are not queued.",
});

/** Body of `POST /v1/partner/webhooks`. */
export function webhookCreateSchema(opts: HostRuleOptions) {
  return z.strictObject({
    url: urlField(opts),
    events: eventsField,
    is_active: isActiveField.default(true),
  });
}

/**
 * Body of `PATCH /v1/partner/webhooks/:id`: any of the create fields. An empty body changes
 * nothing, as an empty job update does.
 */
export function webhookUpdateSchema(opts: HostRuleOptions) {
  return z.strictObject({
    url: urlField(opts).optional(),
    events: eventsField.optional(),
    is_active: isActiveField.optional(),
  });
}

/** A validated create body. */
export type WebhookCreate = z.output<ReturnType<typeof webhookCreateSchema>>;
/** A validated update body. */
export type WebhookUpdate = z.output<ReturnType<typeof webhookUpdateSchema>>;
