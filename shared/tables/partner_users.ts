/**
 * `partner_users`: the only code that writes it. The people of each partner who use the
 * console, by address, with their role. The operator's command line makes a partner's first
 * admin; admins invite, change and remove the rest in the console; every change is audited
 * in its transaction. Removing a person ends their sessions and spends their links (the
 * foreign keys cascade). Retention: none (removed people are deleted).
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { newId } from "@hire/ids";
import type { UserRole } from "@hire/partners";
import { type Actor, recordAudit } from "./audit_log.ts";

/** A person as stored. */
export interface UserRow {
  id: string;
  partner_id: string;
  email: string;
  role: UserRole;
  lang: "en" | "ar" | null;
  created_at: Date;
  last_sign_in_at: Date | null;
}

/** Why an invitation was not made. */
export type InviteRefusal = "email_taken";

/**
 * Adds a person to a partner (the address normalised by the caller), or refuses when the
 * address already belongs to someone, of this partner or another.
 */
export async function insertUser(
  tx: Tx,
  user: { partnerId: string; email: string; role: UserRole; actor: Actor },
): Promise<UserRow | InviteRefusal> {
  const [row] = await tx<UserRow[]>`
    INSERT INTO partner_users (id, partner_id, email, role)
    VALUES (${newId("usr")}, ${user.partnerId}, ${user.email}, ${user.role})
    ON CONFLICT (email) DO NOTHING RETURNING *`;
  if (!row) return "email_taken";
  await recordAudit(tx, {
    partnerId: user.partnerId,
    actor: user.actor,
    action: "user.invited",
    targetId: row.id,
    detail: { email: row.email, role: row.role },
  });
  return row;
}

/** The person with this address, of any partner. */
export async function findUserByEmail(sql: Sql | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`SELECT * FROM partner_users WHERE email = ${email}`;
  return row;
}

/** A partner's person by id, or undefined (also for another partner's). */
export async function findUser(
  sql: Sql | Tx,
  partnerId: string,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    SELECT * FROM partner_users WHERE id = ${id} AND partner_id = ${partnerId}`;
  return row;
}

/** Every person of a partner, oldest first. */
export function listUsers(sql: Sql, partnerId: string): Promise<UserRow[]> {
  return sql<UserRow[]>`
    SELECT * FROM partner_users WHERE partner_id = ${partnerId} ORDER BY created_at, id`;
}

/** The addresses of a partner's admins (who are told when a webhook is disabled). */
export async function adminEmails(sql: Sql | Tx, partnerId: string): Promise<string[]> {
  const rows = await sql<{ email: string }[]>`
    SELECT email FROM partner_users WHERE partner_id = ${partnerId} AND role = 'admin'
    ORDER BY created_at, id`;
  return rows.map((r) => r.email);
}

/** Why a change to a person was refused. */
export type UserChangeRefusal = "not_found" | "last_admin";

/**
 * Changes a person's role, or removes them (`role: null`). A partner always keeps one
 * admin: the change that would leave none is refused (the partner's rows are locked, so two
 * admins demoting each other at once cannot both succeed).
 */
export async function changeUser(
  tx: Tx,
  change: { partnerId: string; id: string; role: UserRole | null; actor: Actor },
): Promise<UserRow | UserChangeRefusal> {
  const users = await tx<UserRow[]>`
    SELECT * FROM partner_users WHERE partner_id = ${change.partnerId} ORDER BY id FOR UPDATE`;
  const user = users.find((u) => u.id === change.id);
  if (!user) return "not_found";
  const adminsLeft =
    users.filter((u) => u.role === "admin" && (u.id !== user.id || change.role === "admin")).length;
  if (adminsLeft === 0) return "last_admin";
  if (change.role === null) {
    await tx`DELETE FROM partner_users WHERE id = ${user.id}`;
  } else if (change.role !== user.role) {
    await tx`UPDATE partner_users SET role = ${change.role} WHERE id = ${user.id}`;
  } else {
    return user;
  }
  await recordAudit(tx, {
    partnerId: change.partnerId,
    actor: change.actor,
    action: change.role === null ? "user.removed" : "user.role_changed",
    targetId: user.id,
    detail: change.role === null
      ? { email: user.email, role: user.role }
      : { email: user.email, from: user.role, to: change.role },
  });
  return { ...user, role: change.role ?? user.role };
}

/** Records a sign-in; the person, or undefined when they were removed meanwhile. */
export async function markSignedIn(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx<UserRow[]>`
    UPDATE partner_users SET last_sign_in_at = now() WHERE id = ${id} RETURNING *`;
  return row;
}

/** Remembers the console language a person chose. */
export async function setUserLang(sql: Sql, id: string, lang: "en" | "ar"): Promise<void> {
  await sql`UPDATE partner_users SET lang = ${lang} WHERE id = ${id}`;
}
