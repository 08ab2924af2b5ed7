/**
 * Applies the numbered SQL files of `migrations/` in order, each once, each in its own
 * transaction, under an advisory lock so concurrent starters do not race.
 * @module
 */
import type { Sql } from "./connect.ts";

const MIGRATIONS_DIR = new URL("./migrations/", import.meta.url);
// Any constant works; it only has to be the same for every process that migrates.
const LOCK_ID = 7_420_001;

/** A migration file: its number, name and SQL text. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads `NNNN_name.sql` files, sorted by number; rejects gaps and duplicates. */
export async function readMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const found: Migration[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const m = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(entry.name);
    if (!entry.isFile || !m) continue;
    found.push({
      version: Number(m[1]),
      name: entry.name,
      sql: await Deno.readTextFile(new URL(entry.name, dir)),
    });
  }
  found.sort((a, b) => a.version - b.version);
  found.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name}: expected number ${i + 1}`);
  });
  return found;
}

/** Applies pending migrations; returns the names applied now. */
export async function migrate(sql: Sql, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? await readMigrations();
  return await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${LOCK_ID})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set(
      (await tx<{ version: number }[]>`SELECT version FROM schema_migrations`).map((r) =>
        r.version
      ),
    );
    const applied: string[] = [];
    for (const m of all) {
      if (done.has(m.version)) continue;
      await tx.unsafe(m.sql);
      await tx`INSERT INTO schema_migrations (version, name) VALUES (${m.version}, ${m.name})`;
      applied.push(m.name);
    }
    return applied;
  });
}

/**
 * Applies pending migrations up to number `upTo` (all of them without it): a database as a
 * release before left it, for upgrade tests and benchmarks.
 */
export async function migrateUpTo(sql: Sql, upTo?: number): Promise<string[]> {
  const all = await readMigrations();
  return await migrate(sql, upTo === undefined ? all : all.filter((m) => m.version <= upTo));
}
