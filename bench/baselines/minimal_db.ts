/**
 * The minimal handlers' database: made afresh each run, with one table shaped like `jobs`
 * (the columns of migration 0001) but with its primary key as its only index, filled with
 * `rows` jobs, vacuumed and analysed so that the first reads do not pay for hint bits.
 * @module
 */
import { connect, type Sql } from "@hire/db";
import {
  DEFAULT_DATABASE_URL,
  ensureDatabase,
  maintenanceUrl,
} from "../../deploy/local/postgres.ts";

/** The table the point query reads and the insert writes. */
export const MINIMAL_TABLE = "bench_jobs";

/** The partner every row belongs to (there is no partners table). */
export const MINIMAL_PARTNER = "ptr_BENCH";

/**
 * Creates the minimal table in `sql`'s database: the columns of `jobs` as migration 0001 made
 * them, the primary key its only index.
 */
export async function createMinimalTable(sql: Sql): Promise<void> {
  await sql.unsafe(`
    CREATE TABLE ${MINIMAL_TABLE} (
      id               text PRIMARY KEY,
      partner_id       text NOT NULL,
      title            text NOT NULL,
      description      text NOT NULL,
      city             text NOT NULL,
      employment_type  text NOT NULL,
      salary_min       integer,
      salary_max       integer,
      currency         text NOT NULL DEFAULT 'SAR',
      status           text NOT NULL DEFAULT 'active',
      created_at       timestamptz(3) NOT NULL,
      updated_at       timestamptz(3) NOT NULL,
      deleted_at       timestamptz
    )`);
}

/** Drops and creates database `name` on DATABASE_URL's server and fills it; its URL. */
export async function prepareMinimalDatabase(name: string, rows: number): Promise<string> {
  const url = new URL(Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL);
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString(), { fresh: true });
  const sql = connect(url.toString(), { max: 1, name: "bench" });
  try {
    await createMinimalTable(sql);
    // Ids as long as ours (job_ + 26 characters), in random order like a read's.
    await sql`
      INSERT INTO ${sql(MINIMAL_TABLE)}
        (id, partner_id, title, description, city, employment_type, salary_min, salary_max,
         created_at, updated_at)
      SELECT 'job_' || upper(substr(md5(n::text), 1, 26)), ${MINIMAL_PARTNER},
        'Backend Engineer ' || n,
        'Builds and runs the services behind our hiring platform. Seeded job ' || n || '.',
        'Riyadh', 'full_time', 10000, 20000,
        now() - n * interval '1 second', now() - n * interval '1 second'
      FROM generate_series(1, ${rows}::int) AS n`;
    await sql.unsafe(`VACUUM ANALYZE ${MINIMAL_TABLE}`);
  } finally {
    await sql.end();
  }
  return url.toString();
}

/** `n` random ids of the table. */
export async function sampleIds(url: string, n: number): Promise<string[]> {
  const sql = connect(url, { max: 1, name: "bench" });
  try {
    const rows = await sql<{ id: string }[]>`
      SELECT id FROM ${sql(MINIMAL_TABLE)} ORDER BY random() LIMIT ${n}`;
    return rows.map((r) => r.id);
  } finally {
    await sql.end();
  }
}

/** Drops the minimal handlers' database (`url`), so none of its upkeep overlaps later runs. */
export async function dropMinimalDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const sql = connect(maintenanceUrl(url), { max: 1, name: "bench" });
  try {
    await sql`DROP DATABASE IF EXISTS ${sql(name)} WITH (FORCE)`;
  } finally {
    await sql.end();
  }
}

/**
 * Brings the database at `url` to the state a server with autovacuum keeps it in (this one
 * runs without): `ANALYZE`, so that tables a run filled are planned with statistics, then a
 * `CHECKPOINT` (as the server's owner), so that the measured run does not pay, in slower
 * commits, for the pages earlier runs dirtied.
 */
export async function settle(url: string): Promise<void> {
  const db = connect(url, { max: 1, name: "bench" });
  try {
    await db`ANALYZE`;
  } finally {
    await db.end();
  }
  const owner = connect(
    maintenanceUrl(Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL),
    { max: 1, name: "bench" },
  );
  try {
    await owner`CHECKPOINT`;
  } finally {
    await owner.end();
  }
}
