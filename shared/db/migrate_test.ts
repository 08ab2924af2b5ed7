import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readMigrations } from "./migrate.ts";

/** A temp dir holding `files` (name → SQL); removed after `fn`. */
async function withDir(
  files: Record<string, string>,
  fn: (dir: URL) => Promise<void>,
): Promise<void> {
  const path = await Deno.makeTempDir({ prefix: "migrate_test_" });
  try {
    for (const [name, sql] of Object.entries(files)) {
      await Deno.writeTextFile(join(path, name), sql);
    }
    await fn(pathToFileURL(`${path}/`));
  } finally {
    await Deno.remove(path, { recursive: true });
  }
}

Deno.test("readMigrations returns the files sorted by number with their SQL", async () => {
  await withDir({
    "0003_add_index.sql": "CREATE INDEX c ON t (c);",
    "0001_init.sql": "CREATE TABLE t (a int);",
    "0002_add_column.sql": "ALTER TABLE t ADD COLUMN c int;",
  }, async (dir) => {
    assert.deepEqual(await readMigrations(dir), [
      { version: 1, name: "0001_init.sql", sql: "CREATE TABLE t (a int);" },
      { version: 2, name: "0002_add_column.sql", sql: "ALTER TABLE t ADD COLUMN c int;" },
      { version: 3, name: "0003_add_index.sql", sql: "CREATE INDEX c ON t (c);" },
    ]);
  });
});

Deno.test("readMigrations sorts numerically past 0009", async () => {
  const files: Record<string, string> = {};
  for (let i = 12; i >= 1; i--) files[`${String(i).padStart(4, "0")}_m${i}.sql`] = `-- ${i}`;
  await withDir(files, async (dir) => {
    const found = await readMigrations(dir);
    assert.deepEqual(found.map((m) => m.version), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.equal(found[9]?.name, "0010_m10.sql");
  });
});

Deno.test("readMigrations rejects a gap in the numbers", async () => {
  await withDir({ "0001_init.sql": "", "0003_later.sql": "" }, async (dir) => {
    await assert.rejects(() => readMigrations(dir), /0003_later\.sql.*expected number 2/);
  });
});

Deno.test("readMigrations rejects a sequence that does not start at 0001", async () => {
  await withDir({ "0002_init.sql": "" }, async (dir) => {
    await assert.rejects(() => readMigrations(dir), /expected number 1/);
  });
});

Deno.test("readMigrations rejects two files with the same number", async () => {
  await withDir({ "0001_init.sql": "", "0001_other.sql": "" }, async (dir) => {
    await assert.rejects(() => readMigrations(dir), /expected number 2/);
  });
});

Deno.test("readMigrations ignores files and folders that do not match NNNN_name.sql", async () => {
  await withDir({
    "0001_init.sql": "SELECT 1;",
    "README.md": "notes",
    "0002_init.SQL": "",
    "0002_Upper.sql": "",
    "002_short.sql": "",
    "0002-dash.sql": "",
    "0002_init.sql.bak": "",
    "x0002_init.sql": "",
    ".0002_hidden.sql": "",
  }, async (dir) => {
    await Deno.mkdir(new URL("0002_folder.sql/", dir));
    const found = await readMigrations(dir);
    assert.deepEqual(found.map((m) => m.name), ["0001_init.sql"]);
  });
});

Deno.test("readMigrations returns an empty list for an empty folder", async () => {
  await withDir({}, async (dir) => {
    assert.deepEqual(await readMigrations(dir), []);
  });
});

Deno.test("readMigrations reads the real migrations folder without error", async () => {
  const found = await readMigrations();
  assert.ok(found.length >= 1);
  found.forEach((m, i) => {
    assert.equal(m.version, i + 1);
    assert.match(m.name, /^\d{4}_[a-z0-9_]+\.sql$/);
    assert.ok(m.sql.trim().length > 0, m.name);
  });
  assert.equal(found[0]?.name, "0001_partners_and_jobs.sql");
  assert.match(found[0]?.sql ?? "", /CREATE TABLE/i);
});
