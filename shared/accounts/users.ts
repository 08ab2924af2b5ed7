/**
 * The console's people of a partner: invited, given another role and removed by the
 * partner's admins, each change audited in its transaction. A partner always keeps an admin.
 * The operator's `partner create --admin-email` makes the first ones (`@hire/tables`).
 * @module
 */
import type { Sql } from "@hire/db";
import { normaliseEmail, type UserRole } from "@hire/partners";
import { type Actor, changeUser, insertUser, type UserRow } from "@hire/tables";

/** Why an invitation was not made. */
export type InviteProblem = "invalid_email" | "email_taken";

/** Adds a person to the partner, or says why not. */
export function inviteUser(
  sql: Sql,
  invite: { partnerId: string; email: string; role: UserRole; actor: Actor },
): Promise<UserRow | InviteProblem> {
  const email = normaliseEmail(invite.email);
  if (!email) return Promise.resolve("invalid_email");
  return sql.begin((tx) => insertUser(tx, { ...invite, email }));
}

/**
 * Gives a person another role, or removes them (`role: null`): their sessions end and their
 * unspent sign-in links die with them. "not_found" for another partner's person;
 * "last_admin" when the partner would be left without an admin.
 */
export function setUserRole(
  sql: Sql,
  change: { partnerId: string; userId: string; role: UserRole | null; actor: Actor },
): Promise<UserRow | "not_found" | "last_admin"> {
  return sql.begin((tx) => changeUser(tx, { ...change, id: change.userId }));
}
