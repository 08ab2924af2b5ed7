/**
 * A benchmark's database of its own, made afresh each run beside DATABASE_URL's, as
 * `deno task test` makes hire_test.
 * @module
 */
import { connect, migrate } from "@hire/db";
import { DEFAULT_DATABASE_URL, ensureDatabase } from "../../deploy/local/postgres.ts";

/** Drops and creates database `name` on DATABASE_URL's server, migrates it; its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const url = new URL(Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL);
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString(), { fresh: true });
  const sql = connect(url.toString(), { max: 1, name: "bench" });
  try {
    await migrate(sql);
  } finally {
    await sql.end();
  }
  return url.toString();
}
