/**
 * A benchmark's database of its own, made afresh each run beside DATABASE_URL's, as
 * `deno task test` makes hire_test.
 * @module
 */
import { connect, migrateUpTo, type Sql } from "@hire/db";
import { DEFAULT_DATABASE_URL, ensureDatabase } from "../../deploy/local/postgres.ts";

/**
 * Drops and creates database `name` on DATABASE_URL's server, migrates it (with `upTo`, only
 * that far, as a release before was); its URL.
 */
export async function freshDatabase(name: string, opts: { upTo?: number } = {}): Promise<string> {
  const url = new URL(Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL);
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString(), { fresh: true });
  const sql = connect(url.toString(), { max: 1, name: "bench" });
  try {
    await migrateUpTo(sql, opts.upTo);
  } finally {
    await sql.end();
  }
  return url.toString();
}

/**
 * For each of `sizes`, a database `name` made afresh and a connection to it from `open`;
 * `fn`'s results, in order. The connection is closed whatever `fn` does.
 */
export async function eachFreshDatabase<T>(
  name: string,
  sizes: readonly number[],
  open: (url: string) => Sql,
  fn: (sql: Sql, size: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (const size of sizes) {
    const sql = open(await freshDatabase(name));
    try {
      results.push(await fn(sql, size));
    } finally {
      await sql.end();
    }
  }
  return results;
}
