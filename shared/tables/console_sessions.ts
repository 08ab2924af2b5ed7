/**
 * `console_sign_in_tokens` and `console_sessions`: the only code that writes them. Both are
 * kept by the SHA-256 of their secret, so a read of the tables signs no one in. A link is
 * spent once, by the statement that checks it; a session has an idle and an absolute expiry
 * and ends at sign-out or when its person is removed. Retention: expired rows after a day
 * (`purgeSignInTokens`, `purgeConsoleSessions`).
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import type { Plan } from "@hire/partners";
import type { UserRow } from "./partner_users.ts";

/** Stores a new link's hash for `userId`, valid for `ttlMs`. */
export async function insertSignInToken(
  sql: Sql,
  token: { hash: Uint8Array; userId: string; ttlMs: number },
): Promise<void> {
  await sql`
    INSERT INTO console_sign_in_tokens (token_hash, user_id, expires_at)
    VALUES (${token.hash}, ${token.userId}, now() + ${token.ttlMs} * interval '1 millisecond')`;
}

/** Whether a link is unspent and unexpired (the page that offers "Continue" asks). */
export async function signInTokenIsLive(sql: Sql, hash: Uint8Array): Promise<boolean> {
  const [row] = await sql`
    SELECT 1 FROM console_sign_in_tokens
    WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > now()`;
  return row !== undefined;
}

/**
 * Spends a link and returns its person's id, or undefined when it is unknown, spent or expired.
 * One statement checks and spends, so two concurrent posts of one link sign in once.
 */
export async function spendSignInToken(tx: Tx, hash: Uint8Array): Promise<string | undefined> {
  const [row] = await tx<{ user_id: string }[]>`
    UPDATE console_sign_in_tokens SET used_at = now()
    WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > now()
    RETURNING user_id`;
  return row?.user_id;
}

/** A session, its person and their partner, as a request sees them. */
export interface SessionRow {
  user: UserRow;
  partner: { id: string; name: string; plan: Plan };
  csrfToken: string;
  createdAt: Date;
}

/**
 * Starts a session for `userId` (hash of the cookie's value, CSRF token, absolute lifetime).
 * Sign-in also ends the session the browser came with, so a session id fixed before sign-in
 * is worth nothing after it.
 */
export async function insertSession(
  tx: Tx,
  session: { hash: Uint8Array; userId: string; csrfToken: string; absoluteMs: number },
  replaces?: Uint8Array,
): Promise<void> {
  if (replaces) await tx`DELETE FROM console_sessions WHERE id_hash = ${replaces}`;
  await tx`
    INSERT INTO console_sessions (id_hash, user_id, csrf_token, expires_at)
    VALUES (${session.hash}, ${session.userId}, ${session.csrfToken},
            now() + ${session.absoluteMs} * interval '1 millisecond')`;
}

/**
 * The live session of this hash with its person, or undefined when there is none or it has
 * expired (absolutely, or idle longer than `idleMs`). Marks it seen, at most once a minute
 * so that each page view is not a write.
 */
export async function findSession(
  sql: Sql,
  hash: Uint8Array,
  idleMs: number,
): Promise<SessionRow | undefined> {
  const [row] = await sql<
    (UserRow & {
      csrf_token: string;
      session_created_at: Date;
      partner_name: string;
      partner_plan: Plan;
    })[]
  >`
    WITH live AS (
      SELECT s.* FROM console_sessions s
      WHERE s.id_hash = ${hash} AND s.expires_at > now()
        AND s.last_seen_at > now() - ${idleMs} * interval '1 millisecond'),
    seen AS (
      UPDATE console_sessions s SET last_seen_at = now() FROM live
      WHERE s.id_hash = live.id_hash AND live.last_seen_at < now() - interval '1 minute')
    SELECT u.*, live.csrf_token, live.created_at AS session_created_at,
           p.name AS partner_name, p.plan AS partner_plan
    FROM live JOIN partner_users u ON u.id = live.user_id JOIN partners p ON p.id = u.partner_id`;
  if (!row) return undefined;
  const { csrf_token, session_created_at, partner_name, partner_plan, ...user } = row;
  return {
    user,
    partner: { id: user.partner_id, name: partner_name, plan: partner_plan },
    csrfToken: csrf_token,
    createdAt: session_created_at,
  };
}

/** Ends a session (sign-out). */
export async function deleteSession(sql: Sql, hash: Uint8Array): Promise<void> {
  await sql`DELETE FROM console_sessions WHERE id_hash = ${hash}`;
}

/** Removes sign-in links that expired over a day before `now`; returns how many went. */
export async function purgeSignInTokens(sql: Sql, now: Date): Promise<number> {
  const gone = await sql`
    DELETE FROM console_sign_in_tokens WHERE expires_at < ${now}::timestamptz - interval '1 day'`;
  return gone.count;
}

/** Removes sessions that expired over a day before `now`; returns how many went. */
export async function purgeConsoleSessions(sql: Sql, now: Date): Promise<number> {
  const gone = await sql`
    DELETE FROM console_sessions WHERE expires_at < ${now}::timestamptz - interval '1 day'`;
  return gone.count;
}
