/**
 * A database of a test stack's own. Services that sweep shared tables for work (the
 * embedding retry sweeper, the delivery dispatcher and mail sender) would otherwise take
 * another stack's rows and handle them with their own settings, as in production one
 * system would; a database per stack keeps concurrent test files apart.
 * @module
 */
import { connect, migrate, readMigrations } from "@hire/db";
import { maintenanceUrl } from "../deploy/local/postgres.ts";

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
    const upTo = opts.upTo;
    await migrate(
      sql,
      upTo === undefined ? undefined : (await readMigrations()).filter((m) => m.version <= upTo),
    );
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
