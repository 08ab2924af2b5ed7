import assert from "node:assert/strict";
import { connect } from "./connect.ts";
import { migrate, readMigrations } from "./migrate.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const sql = connect(
  TEST_DATABASE_URL,
  { max: 4 },
);
Deno.test.afterAll(() => sql.end());

Deno.test("migrate applied every migration once, and applying again changes nothing", async () => {
  const all = await readMigrations();
  const again = await Promise.all([migrate(sql), migrate(sql), migrate(sql)]);
  assert.deepEqual(again, [[], [], []]);
  const rows = await sql`SELECT version, name FROM schema_migrations ORDER BY version`;
  assert.deepEqual(rows.map((r) => [r.version, r.name]), all.map((m) => [m.version, m.name]));
});
