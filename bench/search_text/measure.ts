/**
 * What a job's text costs when it is stored: the search text the site's index is built from
 * (in Postgres before migration 0021, in the job service since), and the job service's insert
 * of whole jobs beside a bare insert of the same rows into a table with its primary key alone.
 * Postgres's figures are the CPU the connection's backend process used (from `/proc`, so
 * Postgres must run on this machine), the job service's that of this process; per job.
 * @module
 */
import process from "node:process";
import { type Sql, type Tx, unnestRows } from "@hire/db";
import { jobColumnTypes, searchVector } from "@hire/tables";
import type { JobRow } from "@hire/jobs";
import { siteSearchText } from "@hire/text";
import { MINIMAL_TABLE } from "../baselines/minimal_db.ts";
import { cpuTicks, TICKS_PER_S } from "../common/cpu.ts";

const backendTicks = async (pid: number) => cpuTicks(await Deno.readTextFile(`/proc/${pid}/stat`));

/** The pid of the backend behind a pool of one connection. */
export async function backendPid(sql: Sql): Promise<number> {
  const [row] = await sql<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  return row!.pid;
}

/** Microseconds of the backend's CPU per job that `work` cost, for `jobs` jobs. */
async function cpuPerJob(pid: number, jobs: number, work: () => Promise<void>): Promise<number> {
  const before = await backendTicks(pid);
  await work();
  return ((await backendTicks(pid) - before) / TICKS_PER_S) * 1e6 / jobs;
}

/**
 * Postgres's search text (migrations 0007 to 0020) of every job's title and description, read
 * back so nothing is skipped.
 */
export function postgresSearchTextCost(
  sql: Sql,
  pid: number,
  jobs: readonly JobRow[],
): Promise<number> {
  const titles = jobs.map((j) => j.title);
  const descriptions = jobs.map((j) => j.description);
  return cpuPerJob(pid, jobs.length, async () => {
    await sql`
      SELECT sum(length(site_search_text(t)) + length(site_search_text(d)))
      FROM unnest(${titles}::text[], ${descriptions}::text[]) AS u(t, d)`;
  });
}

/**
 * `to_tsvector` alone: the `search` vector `saveJobs` writes, made from every job's search texts
 * in a `SELECT` and not stored (the texts are made here first, outside the measurement).
 */
export function searchVectorCost(sql: Sql, pid: number, jobs: readonly JobRow[]): Promise<number> {
  const titles = jobs.map((j) => siteSearchText(j.title));
  const descriptions = jobs.map((j) => siteSearchText(j.description));
  return cpuPerJob(pid, jobs.length, async () => {
    await sql`
      SELECT sum(length(${searchVector(sql)}))
      FROM unnest(${titles}::text[], ${descriptions}::text[]) AS j(search_title, search_description)`;
  });
}

/** Microseconds of this process's CPU per job that the job service's search texts cost. */
export function serviceSearchTextCost(jobs: readonly JobRow[]): number {
  const before = process.cpuUsage();
  let chars = 0;
  for (const job of jobs) {
    chars += siteSearchText(job.title).length + siteSearchText(job.description).length;
  }
  const used = process.cpuUsage(before);
  if (chars === 0) throw new Error("no search text was made");
  return (used.user + used.system) / jobs.length;
}

/** How a release's job service stored new jobs. */
export type SaveJobs = (tx: Tx, jobs: JobRow[]) => Promise<unknown>;

/**
 * The job service's insert before migration 0021: the row alone, its `search` vector generated
 * by Postgres (`saveJobs` since writes the vector, which that schema refuses). In the schema
 * since, where `search` is an ordinary column, the row without its vector.
 */
export const saveJobsBefore0021: SaveJobs = (tx, jobs) =>
  tx`INSERT INTO jobs ${unnestRows(tx, jobs, jobColumnTypes)}`;

/** Inserts `jobs` into `jobs` with `save`, `batch` to a transaction. */
export function jobsInsertCost(
  sql: Sql,
  pid: number,
  jobs: readonly JobRow[],
  batch: number,
  save: SaveJobs,
): Promise<number> {
  return cpuPerJob(pid, jobs.length, async () => {
    for (let i = 0; i < jobs.length; i += batch) {
      await sql.begin((tx) => save(tx, jobs.slice(i, i + batch)));
    }
  });
}

/** The minimal table's columns that the bare insert writes (the rest keep their defaults). */
const MINIMAL_COLUMNS = [
  "id",
  "partner_id",
  "title",
  "description",
  "city",
  "employment_type",
  "salary_min",
  "salary_max",
  "created_at",
  "updated_at",
] as const;

/** Inserts the same rows into the minimal table, `batch` to a transaction (as multi-row VALUES). */
export function bareInsertCost(
  sql: Sql,
  pid: number,
  jobs: readonly JobRow[],
  batch: number,
): Promise<number> {
  const insert = (tx: Tx, rows: JobRow[]) =>
    tx`INSERT INTO ${tx(MINIMAL_TABLE)} ${tx(rows, MINIMAL_COLUMNS)}`;
  return cpuPerJob(pid, jobs.length, async () => {
    for (let i = 0; i < jobs.length; i += batch) {
      await sql.begin((tx) => insert(tx, jobs.slice(i, i + batch)));
    }
  });
}
