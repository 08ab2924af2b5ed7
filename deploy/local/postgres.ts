/**
 * Makes sure the Postgres server of DATABASE_URL answers and its database exists. A local
 * Debian cluster that is installed but stopped is started; a missing server on a Debian
 * machine run as root is installed.
 */
import { connect } from "@hire/db";
import { aptInstall, has, run, step, waitFor } from "./run.ts";

/** The database URL local services use when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hire";

/** Whether the server at `url` answers a query. */
export async function answers(url: string): Promise<boolean> {
  const sql = connect(url, { max: 1, connectTimeout: 2, name: "infra" });
  try {
    await sql`SELECT 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** The URL of the server's `postgres` database, from which databases are made and dropped. */
export function maintenanceUrl(url: string): string {
  const u = new URL(url);
  u.pathname = "/postgres";
  return u.toString();
}

/** Whether `url` names a server on this machine. */
export function isLocal(url: string): boolean {
  return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);
}

async function startLocalServer(): Promise<void> {
  if (!await has("pg_ctlcluster")) {
    if (Deno.uid() !== 0 || !await has("apt-get")) {
      throw new Error(
        "No Postgres answers at DATABASE_URL. Install PostgreSQL 15 (apt-get install postgresql) " +
          "or point DATABASE_URL at a running server.",
      );
    }
    step("installing PostgreSQL from Debian's packages");
    await aptInstall(["postgresql"]);
    await trustLoopback();
  }
  const versions = (await run("ls", ["/etc/postgresql"])).trim().split(/\s+/);
  for (const v of versions) {
    step(`starting PostgreSQL ${v}`);
    await run("pg_ctlcluster", ["--skip-systemctl-redirect", v, "main", "start"]).catch((e) =>
      step(String(e))
    );
  }
}

// A fresh Debian cluster asks for passwords over TCP; local development uses trust on
// loopback only, as this machine kind's preinstalled server does.
async function trustLoopback(): Promise<void> {
  const versions = (await run("ls", ["/etc/postgresql"])).trim().split(/\s+/);
  for (const v of versions) {
    const path = `/etc/postgresql/${v}/main/pg_hba.conf`;
    const conf = await Deno.readTextFile(path);
    const line = "host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n";
    if (!conf.startsWith(line)) await Deno.writeTextFile(path, line + conf);
  }
}

/** Resolves once `url`'s server answers and its database exists. */
export async function ensurePostgres(url: string): Promise<void> {
  const admin = maintenanceUrl(url);
  if (!await answers(admin)) {
    if (!isLocal(url)) throw new Error(`Postgres at ${new URL(url).host} does not answer`);
    await startLocalServer();
    await waitFor("Postgres", () => answers(admin), 30_000);
  }
  await ensureDatabase(url);
}

/** Creates the database named in `url` when it is missing. */
export async function ensureDatabase(url: string, opts: { fresh?: boolean } = {}): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const sql = connect(maintenanceUrl(url), { max: 1, name: "infra" });
  try {
    if (opts.fresh) await sql`DROP DATABASE IF EXISTS ${sql(name)} WITH (FORCE)`;
    const [row] = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (!row) {
      step(`creating database ${name}`);
      await sql`CREATE DATABASE ${sql(name)}`;
    }
  } finally {
    await sql.end();
  }
}

/** Drops the databases whose names start with `<url's database>_` (each test stack's own). */
export async function dropScratchDatabases(url: string): Promise<number> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const sql = connect(maintenanceUrl(url), { max: 1, name: "infra" });
  try {
    const rows = await sql<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE starts_with(datname, ${name + "_"})`;
    for (const r of rows) await sql`DROP DATABASE IF EXISTS ${sql(r.datname)} WITH (FORCE)`;
    return rows.length;
  } finally {
    await sql.end();
  }
}
