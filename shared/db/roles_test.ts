/**
 * The services' roles as the migrations leave them (migration `*_service_roles.sql`), on
 * databases of this test's own. What each role may do in practice is tests/db_roles_test.ts.
 */
import assert from "node:assert/strict";
import { maintenanceUrl } from "@hire/testing/own_database.ts";
import { connect, type Sql } from "./connect.ts";
import { SERVICE_ROLES } from "./service_roles.ts";
import { migrate, type Migration, readMigrations } from "./migrate.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const ROLES = Object.values(SERVICE_ROLES);

/**
 * Runs `fn` on `n` new databases beside BASE's (named so that the test runner sweeps them if
 * a run dies), each migrated with `migrations` (default: all), then drops them.
 */
async function withDatabases(
  n: number,
  fn: (pools: Sql[]) => Promise<void>,
  migrations?: Migration[],
): Promise<void> {
  const admin = connect(maintenanceUrl(TEST_DATABASE_URL), { max: 1, name: "roles-test" });
  const base = new URL(TEST_DATABASE_URL).pathname.slice(1);
  const names = Array.from({ length: n }, () => `${base}_r${crypto.randomUUID().slice(0, 8)}`);
  const pools: Sql[] = [];
  try {
    for (const name of names) {
      await admin`CREATE DATABASE ${admin(name)}`;
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      pools.push(connect(url.toString(), { max: 1, name: "roles-test" }));
    }
    // At once, as parallel test stacks migrate their databases on one cluster.
    await Promise.all(pools.map((sql) => migrate(sql, migrations)));
    await fn(pools);
  } finally {
    for (const sql of pools) await sql.end();
    for (const name of names) await admin`DROP DATABASE IF EXISTS ${admin(name)} WITH (FORCE)`;
    await admin.end();
  }
}

Deno.test("roles: every service role exists and none may log in", async () => {
  const sql = connect(TEST_DATABASE_URL, { max: 1, name: "roles-test" });
  try {
    const rows = await sql<{ rolname: string; rolcanlogin: boolean }[]>`
      SELECT rolname, rolcanlogin FROM pg_roles WHERE rolname IN ${sql(ROLES)} ORDER BY rolname`;
    assert.deepEqual(
      rows.map((r) => [r.rolname, r.rolcanlogin]),
      ROLES.toSorted().map((r) => [r, false]),
    );
  } finally {
    await sql.end();
  }
});

Deno.test("roles: every table a migration makes is granted to some service; only the embedding service may create", async () => {
  await withDatabases(1, async ([sql]) => {
    const ungranted = await sql!<{ relname: string }[]>`
      SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'
        AND NOT EXISTS (SELECT 1 FROM unnest(${ROLES}::text[]) AS r(name)
                        WHERE has_any_column_privilege(r.name, c.oid, 'SELECT, INSERT, UPDATE'))
      ORDER BY 1`;
    assert.deepEqual(ungranted.map((r) => r.relname), []);
    const creators = await sql!<{ name: string }[]>`
      SELECT name FROM unnest(${ROLES}::text[]) AS r(name)
      WHERE has_schema_privilege(name, 'public', 'CREATE') ORDER BY 1`;
    assert.deepEqual(creators.map((r) => r.name), [SERVICE_ROLES.embedding]);
  });
});

Deno.test("roles: the migration runs at once on several databases of a cluster that has never seen its roles", async () => {
  // The migration as it is, but for roles no database has made yet.
  const tag = `hxr${crypto.randomUUID().slice(0, 6)}_`;
  const renamed = (text: string) => text.replace(/\bhire_([a-z]+)\b/g, `${tag}$1`);
  const migrations = (await readMigrations()).map((m) =>
    /_service_roles\.sql$/.test(m.name) ? { ...m, sql: renamed(m.sql) } : m
  );
  assert.ok(migrations.some((m) => m.sql.includes(tag)), "a *_service_roles.sql migration");
  const admin = connect(maintenanceUrl(TEST_DATABASE_URL), { max: 1, name: "roles-test" });
  try {
    await withDatabases(4, async (pools) => {
      for (const sql of pools) {
        const [row] = await sql<{ ok: boolean }[]>`
          SELECT has_table_privilege(${renamed(SERVICE_ROLES.edge)}, 'jobs', 'SELECT')
             AND NOT has_table_privilege(${renamed(SERVICE_ROLES.edge)}, 'jobs', 'INSERT') AS ok`;
        assert.equal(row?.ok, true);
      }
    }, migrations);
  } finally {
    for (const role of ROLES) await admin.unsafe(`DROP ROLE IF EXISTS ${renamed(role)}`);
    await admin.end();
  }
});
