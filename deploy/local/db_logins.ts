/**
 * The services' Postgres logins. Migration 0010 makes a group role per process kind with the
 * privileges its code needs (no login, no password: a migration runs on every database of a
 * cluster); a deployment logs each process in as a member of its group: `hire_edge_login` for
 * `hire_edge`, and so on. `deno task dev` makes them with a password of its own each start,
 * the compose `init` service with the passwords of its variables (deploy/docker/README.md).
 * @module
 */
import type { Sql } from "@hire/db";

/** The login of a group role: `hire_edge` → `hire_edge_login`. */
export function loginOf(role: string): string {
  return `${role}_login`;
}

/** The compose variable of a process kind's login password: `edge` → `POSTGRES_EDGE_PASSWORD`. */
export function passwordVariable(kind: string): string {
  return `POSTGRES_${kind.toUpperCase()}_PASSWORD`;
}

/** `url` with another user and password; the host, database and parameters stay. */
export function urlAs(url: string, user: string, password?: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = password === undefined ? "" : encodeURIComponent(password);
  return u.toString();
}

/** A login to make: the group role it joins, and its password (none: trust auth only). */
export interface Login {
  role: string;
  password?: string;
}

// Role names and the password reach the DO block as settings of the transaction, so neither is
// ever spliced into SQL text (utility statements take no parameters). The login acts as its
// group from the start of each session (`SET role`), so what it creates, the vector index's
// tables, belongs to the group, whose default privileges then grant it on.
const ENSURE_LOGIN = `
DO $$
DECLARE
  grp text := current_setting('hire.login_group');
  login text := current_setting('hire.login_name');
  pw text := nullif(current_setting('hire.login_password'), '');
BEGIN
  BEGIN
    EXECUTE format('CREATE ROLE %I LOGIN', login);
  EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL;
  END;
  EXECUTE format('ALTER ROLE %I WITH LOGIN PASSWORD %L', login, pw);
  EXECUTE format('GRANT %I TO %I', grp, login);
  EXECUTE format('ALTER ROLE %I SET role = %L', login, grp);
END $$`;

/**
 * Makes each login when missing and sets its password (the server keeps only its SCRAM hash),
 * its group and the role it acts as; safe to run again. `sql` must be allowed to create
 * roles and grant the groups: the owner that migrates.
 */
export async function ensureLogins(sql: Sql, logins: readonly Login[]): Promise<void> {
  await sql.begin(async (tx) => {
    for (const { role, password } of logins) {
      await tx`SELECT set_config('hire.login_group', ${role}, true),
                      set_config('hire.login_name', ${loginOf(role)}, true),
                      set_config('hire.login_password', ${password ?? ""}, true)`;
      await tx.unsafe(ENSURE_LOGIN);
    }
  });
}
