/**
 * `audit_log`: the only code that writes it. Every change of a partner's keys, webhooks and
 * users is recorded in the transaction that makes it, with who made it: a console user, an
 * API key, the operator's command line or the service itself. Retention: none (the record
 * of a partner's account lives as long as the partner).
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { newId } from "@hire/ids";

/** Who made a change. `label` is what the log shows: an address, a key's prefix. */
export type Actor =
  | { kind: "user"; id: string; label: string }
  | { kind: "api_key"; id: string; label: string }
  | { kind: "operator" }
  | { kind: "system" };

/** One change to record. */
export interface AuditEntry {
  partnerId: string;
  actor: Actor;
  /** `<resource>.<verb>`, e.g. `webhook.created`, `key.rolled`, `user.invited`. */
  action: string;
  targetId?: string;
  /** What changed, small and free of secrets. */
  detail?: Record<string, unknown>;
}

/** An entry as stored. */
export interface AuditRow {
  id: string;
  partner_id: string;
  actor_kind: Actor["kind"];
  actor_id: string | null;
  actor_label: string;
  action: string;
  target_id: string | null;
  detail: Record<string, unknown>;
  created_at: Date;
}

/** Records a change, in the caller's transaction. */
export async function recordAudit(tx: Sql | Tx, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  const id = "id" in actor ? actor.id : null;
  const label = "label" in actor ? actor.label : actor.kind;
  await tx`
    INSERT INTO audit_log (id, partner_id, actor_kind, actor_id, actor_label, action, target_id,
                           detail)
    VALUES (${newId("aud")}, ${entry.partnerId}, ${actor.kind}, ${id}, ${label}, ${entry.action},
            ${entry.targetId ?? null}, ${tx.json((entry.detail ?? {}) as never)})`;
}

/** One page of a partner's log, newest first, after `before` (a row's created_at and id). */
export async function listAudit(
  sql: Sql,
  partnerId: string,
  page: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<{ rows: AuditRow[]; hasMore: boolean }> {
  const rows = await sql<AuditRow[]>`
    SELECT * FROM audit_log WHERE partner_id = ${partnerId}
      ${
    page.before ? sql`AND (created_at, id) < (${page.before.createdAt}, ${page.before.id})` : sql``
  }
    ORDER BY created_at DESC, id DESC LIMIT ${page.limit + 1}`;
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}
