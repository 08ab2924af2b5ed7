/**
 * `webhooks`: the only code that writes it. A partner's changes (by API key at the edge, or
 * in the console, both through `@hire/accounts`, which audits them) register, change,
 * pause, re-enable, delete and rotate the secret of its webhooks (a delete takes the
 * webhook's delivery log with it, by the foreign key); the delivery service counts consecutive
 * failures, disables a webhook that keeps failing, re-encrypts secrets under the current
 * key and clears previous secrets whose overlap has ended. Secrets are stored sealed
 * (`@hire/webhooks` secret_box.ts); the plaintext is returned only to the caller that
 * issued it. Retention: none (account configuration, deleted by its partner).
 * @module
 */
import { type Sql, type Tx, unnestSelect } from "@hire/db";
import { newId } from "@hire/ids";
import {
  generateWebhookSecret,
  openStoredSecret,
  type ResealedSecrets,
  resealStoredSecrets,
  SECRET_OVERLAP_MS,
  type SecretBox,
  SecretBoxError,
  type StoredSecretColumns,
  type WebhookCreate,
  type WebhookRow,
  type WebhookUpdate,
} from "@hire/webhooks";

/** Which webhook of which partner; another partner's is never touched. */
export interface PartnerWebhook {
  partnerId: string;
  id: string;
}

/** A webhook with the plaintext of the secret just issued: the one time it is shown. */
export type WebhookWithSecret = WebhookRow & { secret: string };

/**
 * Registers a webhook with a new secret (stored sealed by `secrets`), or returns undefined
 * when the partner already has `max`. The count and the insert are serialised per partner
 * (until the caller's transaction ends) so two concurrent registrations cannot both take
 * the last place.
 */
export async function insertWebhook(
  tx: Tx,
  webhook: { partnerId: string; fields: WebhookCreate; max: number; secrets: SecretBox },
): Promise<WebhookWithSecret | undefined> {
  const { partnerId, fields } = webhook;
  const id = newId("wh");
  const secret = generateWebhookSecret();
  const sealed = await webhook.secrets.seal(secret, { webhookId: id, slot: "current" });
  await tx`SELECT pg_advisory_xact_lock(hashtext('webhooks:' || ${partnerId}))`;
  const [count] = await tx<{ n: number }[]>`
    SELECT count(*)::int AS n FROM webhooks WHERE partner_id = ${partnerId}`;
  if (count!.n >= webhook.max) return undefined;
  const now = new Date();
  const [row] = await tx<WebhookRow[]>`
    INSERT INTO webhooks (id, partner_id, url, events, is_active, secret_ciphertext,
                          secret_key_id, created_at, updated_at)
    VALUES (${id}, ${partnerId}, ${fields.url}, ${fields.events}, ${fields.is_active},
            ${sealed.ciphertext}, ${sealed.keyId}, ${now}, ${now})
    RETURNING *`;
  return { ...row!, secret };
}

/**
 * A partner's webhook, locked until the caller's transaction ends (a change reads what it
 * changes from), or undefined (also for another partner's).
 */
export async function lockWebhook(
  tx: Tx,
  webhook: PartnerWebhook,
): Promise<WebhookRow | undefined> {
  const [row] = await tx<WebhookRow[]>`
    SELECT * FROM webhooks WHERE id = ${webhook.id} AND partner_id = ${webhook.partnerId}
    FOR UPDATE`;
  return row;
}

/**
 * Applies a partial update (at least one field). Setting `is_active: true` is how a
 * disabled webhook comes back: it clears the record of the disabling and starts the
 * failure count afresh. Undefined when the partner has no such webhook.
 */
export async function updateWebhook(
  sql: Sql | Tx,
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

/** Deletes a webhook and, by cascade, its delivery log; returns it, undefined when none. */
export async function deleteWebhook(
  sql: Sql | Tx,
  webhook: PartnerWebhook,
): Promise<WebhookRow | undefined> {
  const [row] = await sql<WebhookRow[]>`
    DELETE FROM webhooks WHERE id = ${webhook.id} AND partner_id = ${webhook.partnerId}
    RETURNING *`;
  return row;
}

/** The secret columns as stored, plaintext ones of rows from before 0009 included. */
const STORED_SECRETS = [
  "id",
  "secret",
  "previous_secret",
  "secret_ciphertext",
  "secret_key_id",
  "previous_secret_ciphertext",
  "previous_secret_key_id",
  "previous_secret_until",
];

type StoredSecretsRow = StoredSecretColumns & { id: string };

/**
 * Issues a new secret; the current one keeps signing, beside it, for the overlap.
 * Undefined when the partner has no such webhook. Throws a `SecretBoxError` when the
 * current secret does not open (its key is no longer configured).
 */
export async function rotateWebhookSecret(
  tx: Tx,
  webhook: PartnerWebhook & { secrets: SecretBox },
): Promise<WebhookWithSecret | undefined> {
  const { id, secrets: box } = webhook;
  const secret = generateWebhookSecret();
  const sealed = await box.seal(secret, { webhookId: id, slot: "current" });
  const [stored] = await tx<StoredSecretsRow[]>`
    SELECT ${tx(STORED_SECRETS)} FROM webhooks
    WHERE id = ${id} AND partner_id = ${webhook.partnerId}
    FOR UPDATE`;
  if (!stored) return undefined;
  // A ciphertext is bound to its slot: the current secret is sealed again as the previous.
  const current = await openStoredSecret(stored, { box, slot: "current" });
  const previous = await box.seal(current!, { webhookId: id, slot: "previous" });
  const [row] = await tx<WebhookRow[]>`
    UPDATE webhooks SET
      secret = NULL, secret_ciphertext = ${sealed.ciphertext}, secret_key_id = ${sealed.keyId},
      previous_secret = NULL, previous_secret_ciphertext = ${previous.ciphertext},
      previous_secret_key_id = ${previous.keyId},
      previous_secret_until = now() + ${SECRET_OVERLAP_MS} * interval '1 millisecond',
      updated_at = now()
    WHERE id = ${id}
    RETURNING *`;
  return { ...row!, secret };
}

/**
 * Forgets previous secrets whose overlap has ended (they sign nothing any more); returns
 * how many. A rotation meanwhile sets a new overlap, which this leaves alone.
 */
export async function clearExpiredPreviousSecrets(sql: Sql): Promise<number> {
  const rows = await sql`
    UPDATE webhooks SET previous_secret = NULL, previous_secret_ciphertext = NULL,
      previous_secret_key_id = NULL, previous_secret_until = NULL
    WHERE previous_secret_until <= now()`;
  return rows.count;
}

/** The secrets still to seal under the current key, and those no configured key opens. */
export interface SecretsBacklog {
  /** Rows with a secret in plaintext or under an older configured key. */
  toReencrypt: number;
  /** Rows with a secret under a key not configured (at most 20), with those keys. */
  unreadable: { id: string; key_ids: string[] }[];
}

/** What the background re-encryption has left, for its progress log. */
export async function secretsBacklog(sql: Sql, box: SecretBox): Promise<SecretsBacklog> {
  const older = box.keyIds.filter((k) => k !== box.currentKeyId);
  const [{ n }] = await sql<[{ n: number }]>`
    SELECT count(*)::int AS n FROM webhooks
    WHERE secret IS NOT NULL OR previous_secret IS NOT NULL
       OR secret_key_id = ANY(${older}::text[]) OR previous_secret_key_id = ANY(${older}::text[])`;
  const unreadable = await sql<{ id: string; key_ids: string[] }[]>`
    SELECT id, array_remove(ARRAY[
             CASE WHEN secret_key_id <> ALL(${box.keyIds}::text[]) THEN secret_key_id END,
             CASE WHEN previous_secret_key_id <> ALL(${box.keyIds}::text[])
                  THEN previous_secret_key_id END], NULL) AS key_ids
    FROM webhooks
    WHERE secret_key_id <> ALL(${box.keyIds}::text[])
       OR previous_secret_key_id <> ALL(${box.keyIds}::text[])
    ORDER BY id LIMIT 20`;
  return { toReencrypt: n, unreadable: [...unreadable] };
}

/** What one batch of the re-encryption did. */
export interface ReencryptBatch {
  /** The last webhook id looked at: the next batch starts after it; undefined when done. */
  last: string | undefined;
  resealed: number;
  /** Rows whose secrets did not open, left as they were. */
  failed: { id: string; error: SecretBoxError }[];
}

/**
 * Seals afresh, under the current key, the secrets of up to `limit` webhooks after `after`
 * (by id) that are in plaintext or under an older configured key. Rows another process has
 * locked (a rotation, another delivery process's batch) are skipped, not waited for: that
 * process seals them, or the next sweep does.
 */
export function reencryptWebhookSecrets(
  sql: Sql,
  opts: { secrets: SecretBox; after: string; limit: number },
): Promise<ReencryptBatch> {
  const box = opts.secrets;
  const older = box.keyIds.filter((k) => k !== box.currentKeyId);
  return sql.begin(async (tx) => {
    const rows = await tx<StoredSecretsRow[]>`
      SELECT ${tx(STORED_SECRETS)} FROM webhooks
      WHERE id > ${opts.after}
        AND (secret IS NOT NULL OR previous_secret IS NOT NULL
             OR secret_key_id = ANY(${older}::text[])
             OR previous_secret_key_id = ANY(${older}::text[]))
      ORDER BY id LIMIT ${opts.limit}
      FOR UPDATE SKIP LOCKED`;
    const resealed: (ResealedSecrets & { id: string })[] = [];
    const failed: ReencryptBatch["failed"] = [];
    for (const row of rows) {
      try {
        resealed.push({ id: row.id, ...await resealStoredSecrets(row, box) });
      } catch (error) {
        if (!(error instanceof SecretBoxError)) throw error;
        failed.push({ id: row.id, error });
      }
    }
    if (resealed.length > 0) {
      const sealed = unnestSelect(tx, resealed, {
        id: "text",
        secret_ciphertext: "bytea",
        secret_key_id: "text",
        previous_secret_ciphertext: "bytea",
        previous_secret_key_id: "text",
      });
      await tx`
        UPDATE webhooks w SET
          secret = NULL, secret_ciphertext = c.secret_ciphertext, secret_key_id = c.secret_key_id,
          previous_secret = NULL, previous_secret_ciphertext = c.previous_secret_ciphertext,
          previous_secret_key_id = c.previous_secret_key_id
        FROM (${sealed}) AS c
        WHERE w.id = c.id`;
    }
    return { last: rows.at(-1)?.id, resealed: resealed.length, failed };
  }) as Promise<ReencryptBatch>;
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
  const counts = unnestSelect(tx, [...changes].map(([id, c]) => ({ id, ...c })), {
    id: "text",
    reset: "boolean",
    add: "int",
  });
  const rows = await tx<{ id: string; consecutive_failures: number }[]>`
    UPDATE webhooks w SET consecutive_failures =
      CASE WHEN c.reset THEN 0 ELSE w.consecutive_failures END + c.add
    FROM (${counts}) AS c
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
    RETURNING w.*, p.name AS partner_name, ARRAY(
      SELECT u.email FROM partner_users u WHERE u.partner_id = p.id AND u.role = 'admin'
      ORDER BY u.created_at, u.id) AS admin_emails`;
  return row;
}
