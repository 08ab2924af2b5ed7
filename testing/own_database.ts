/**
 * A database of a test stack's own. Services that sweep shared tables for work (the
 * embedding retry sweeper, the delivery dispatcher and mail sender) would otherwise take
 * another stack's rows and handle them with their own settings, as in production one
 * system would; a database per stack keeps concurrent test files apart.
 * @module
 */
import { connect, migrateUpTo, type Sql } from "@hire/db";
import { maintenanceUrl } from "../deploy/local/postgres.ts";
import { TEST_DATABASE_URL } from "./database_url.ts";

// Tests that make databases of their own name the server's maintenance database through here.
export { maintenanceUrl };

/**
 * A migrated database beside `baseUrl`'s (`<name>_<random>`), and how to drop it; with
 * `upTo`, migrated only that far, as a database a release ago was (for upgrade tests).
 */
export async function ownDatabase(
  baseUrl: string,
  opts: { upTo?: number } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1)}_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
  url.pathname = `/${name}`;
  const admin = connect(maintenanceUrl(baseUrl), { max: 1, name: "test-admin" });
  try {
    await admin`CREATE DATABASE ${admin(name)}`;
  } finally {
    await admin.end();
  }
  const sql = connect(url.toString(), { max: 1, name: "test-migrate" });
  try {
    await migrateUpTo(sql, opts.upTo);
  } finally {
    await sql.end();
  }
  return {
    url: url.toString(),
    async drop() {
      const admin = connect(maintenanceUrl(baseUrl), { max: 1, name: "test-admin" });
      try {
        await admin`DROP DATABASE IF EXISTS ${admin(name)} WITH (FORCE)`;
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * Runs `fn` with a pool (`name`, `max` connections, 2 by default) on a database of its own
 * beside the tests' (`DATABASE_URL`), migrated (or `upTo` a migration); then closes the pool
 * and drops the database, whatever `fn` did.
 */
export async function withOwnDatabase(
  opts: { name: string; max?: number; upTo?: number },
  fn: (sql: Sql, url: string) => Promise<void>,
): Promise<void> {
  const db = await ownDatabase(
    TEST_DATABASE_URL,
    { upTo: opts.upTo },
  );
  const sql = connect(db.url, { max: opts.max ?? 2, name: opts.name });
  try {
    await fn(sql, db.url);
  } finally {
    await sql.end();
    await db.drop();
  }
}
