/**
 * `webhooks`: the only code that writes it. The edge registers, changes, re-enables,
 * deletes and rotates the secret of a partner's webhooks (a delete takes the webhook's
 * delivery log with it, by the foreign key); the delivery service counts consecutive
 * failures and disables a webhook that keeps failing. Retention: none (account
 * configuration, deleted by its partner).
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { newId } from "@hire/ids";
import {
  generateWebhookSecret,
  SECRET_OVERLAP_MS,
  type WebhookCreate,
  type WebhookRow,
  type WebhookUpdate,
} from "@hire/webhooks";

/** Which webhook of which partner; another partner's is never touched. */
export interface PartnerWebhook {
  partnerId: string;
  id: string;
}

/**
 * Registers a webhook with a new secret, or returns undefined when the partner already has
 * `max`. The count and the insert are serialised per partner so two concurrent
 * registrations cannot both take the last place.
 */
export function insertWebhook(
  sql: Sql,
  webhook: { partnerId: string; fields: WebhookCreate; max: number },
): Promise<WebhookRow | undefined> {
  const { partnerId, fields } = webhook;
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext('webhooks:' || ${partnerId}))`;
    const [count] = await tx<{ n: number }[]>`
      SELECT count(*)::int AS n FROM webhooks WHERE partner_id = ${partnerId}`;
    if (count!.n >= webhook.max) return undefined;
    const now = new Date();
    const [row] = await tx<WebhookRow[]>`
      INSERT INTO webhooks (id, partner_id, url, events, is_active, secret, created_at, updated_at)
      VALUES (${newId("wh")}, ${partnerId}, ${fields.url}, ${fields.events},
              ${fields.is_active}, ${generateWebhookSecret()}, ${now}, ${now})
      RETURNING *`;
    return row;
  }) as Promise<WebhookRow | undefined>;
}

/**
 * Applies a partial update (at least one field). Setting `is_active: true` is how a
 * disabled webhook comes back: it clears the record of the disabling and starts the
 * failure count afresh. Undefined when the partner has no such webhook.
 */
export async function updateWebhook(
  sql: Sql,
  webhook: PartnerWebhook & { changes: WebhookUpdate },
): Promise<WebhookRow | undefined> {
  const { changes } = webhook;
  const reenable = changes.is_active === true;
  const [row] = await sql<WebhookRow[]>`
    UPDATE webhooks SET
      url = coalesce(${changes.url ?? null}, url),
      events = coalesce(${changes.events ?? null}::text[], events),
      is_active = coalesce(${changes.is_active ?? null}, is_active),
      consecutive_failures = CASE WHEN ${reenable} THEN 0 ELSE consecutive_failures END,
      disabled_at = CASE WHEN ${reenable} THEN NULL ELSE disabled_at END,
      disabled_reason = CASE WHEN ${reenable} THEN NULL ELSE disabled_reason END,
      updated_at = now()
    WHERE id = ${webhook.id} AND partner_id = ${webhook.partnerId}
    RETURNING *`;
  return row;
}

/** Deletes a webhook and, by cascade, its delivery log; false when there was none. */
export async function deleteWebhook(sql: Sql, webhook: PartnerWebhook): Promise<boolean> {
  const rows = await sql`
    DELETE FROM webhooks WHERE id = ${webhook.id} AND partner_id = ${webhook.partnerId}`;
  return rows.count > 0;
}

/**
 * Issues a new secret; the current one keeps signing, beside it, for the overlap.
 * Undefined when the partner has no such webhook.
 */
export async function rotateWebhookSecret(
  sql: Sql,
  webhook: PartnerWebhook,
): Promise<WebhookRow | undefined> {
  const [row] = await sql<WebhookRow[]>`
    UPDATE webhooks SET
      previous_secret = secret,
      previous_secret_until = now() + ${SECRET_OVERLAP_MS} * interval '1 millisecond',
      secret = ${generateWebhookSecret()},
      updated_at = now()
    WHERE id = ${webhook.id} AND partner_id = ${webhook.partnerId}
    RETURNING *`;
  return row;
}

/**
 * Moves each webhook's consecutive-failure count: `reset` starts from zero, then `add`
 * failures are added. Returns the new counts of the webhooks written; one with nothing to
 * change is not (a stream of 2xx costs no updates).
 */
export async function applyFailureCounts(
  tx: Tx,
  changes: ReadonlyMap<string, { reset: boolean; add: number }>,
): Promise<Map<string, number>> {
  const entries = [...changes];
  // postgres.js sends a JS boolean array as one boolean, hence text[] cast to boolean[].
  const rows = await tx<{ id: string; consecutive_failures: number }[]>`
    UPDATE webhooks w SET consecutive_failures =
      CASE WHEN c.reset THEN 0 ELSE w.consecutive_failures END + c.add
    FROM unnest(${entries.map(([id]) => id)}::text[],
                ${entries.map(([, c]) => String(c.reset))}::text[]::boolean[],
                ${entries.map(([, c]) => c.add)}::int[]) AS c(id, reset, add)
    WHERE w.id = c.id AND (c.add > 0 OR w.consecutive_failures <> 0)
    RETURNING w.id, w.consecutive_failures`;
  return new Map(rows.map((r) => [r.id, r.consecutive_failures]));
}

/** A webhook just disabled, with whom to tell. */
export type DisabledWebhook = WebhookRow & { partner_name: string; admin_emails: string[] };

/** Disables a webhook that is still active; undefined when it was already off (or gone). */
export async function disableWebhook(
  tx: Tx,
  webhook: { id: string; reason: string },
): Promise<DisabledWebhook | undefined> {
  const [row] = await tx<DisabledWebhook[]>`
    UPDATE webhooks w SET is_active = false, disabled_at = now(), disabled_reason = ${webhook.reason},
      updated_at = now()
    FROM partners p
    WHERE w.id = ${webhook.id} AND w.is_active AND p.id = w.partner_id
    RETURNING w.*, p.name AS partner_name, p.admin_emails`;
  return row;
}
