/**
 * The site benchmark's fixture: enough active jobs for the feed, written straight into the
 * jobs table in batches, with the table's own code (`saveJobs`, so with their search vectors).
 *
 * The job service owns that table, and jobs normally arrive through the API and Kafka. A
 * benchmark fixture of 100,000 jobs through the API would take many minutes and have the
 * embedding service embed every one of them (the CPU of the runs that follow), so they do
 * not come through the API. Nothing announces them on `jobs.changed`, so they are never
 * embedded: they keep `embedding_status = 'processing'` and `match_ready = false`,
 * which is true (they have no vector) and what a job that had just been created would
 * show. The sweeper only takes jobs in `job_embedding_schedule`, which these are not in,
 * so they cost the pipeline nothing. The site reads only `status` and `deleted_at`.
 * @module
 */
import type { Sql } from "@hire/db";
import {
  ARABIC_SHARE,
  OCCUPATIONS,
  type Random,
  SEEKER_CITIES,
  syntheticJob,
} from "@hire/fixtures";
import { arabicCityName, type JobRow, newJobRow } from "@hire/jobs";
import { saveJobs } from "@hire/tables";
import { ulid } from "ulid";
import { createPartner } from "../common/partner.ts";

/** Display name of the partner the seeded jobs belong to; found again by it on later runs. */
export const SEED_PARTNER_NAME = "Site benchmark employer (synthetic jobs)";

/** How far back the seeded jobs' creation times reach. */
const SPREAD_MS = 180 * 24 * 3600 * 1000;
/** Jobs per transaction. */
const BATCH = 1000;

/** Benefits an ad lists, in English and Arabic. */
export const BENEFITS: readonly [en: string, ar: string][] = [
  ["Medical insurance for you and your family", "تأمين طبي لك ولعائلتك"],
  ["Housing allowance", "بدل سكن"],
  ["Transportation allowance", "بدل مواصلات"],
  ["30 days of annual leave", "إجازة سنوية 30 يوماً"],
  ["Annual performance bonus", "مكافأة أداء سنوية"],
  ["Paid training and professional certification", "تدريب مدفوع وشهادات مهنية"],
  ["GOSI registration from day one", "التسجيل في التأمينات الاجتماعية من اليوم الأول"],
];

/**
 * One realistic bilingual job ad: the ad in its first language, a Markdown list of
 * benefits in both, then the ad in the other language (a few hundred characters in all).
 */
export function seedJob(partnerId: string, rnd: Random, now: number): JobRow {
  const occupation = rnd.pick(OCCUPATIONS);
  const place = rnd.weighted(SEEKER_CITIES, (c) => c.weight);
  const arabicFirst = rnd.chance(ARABIC_SHARE);
  const ar = syntheticJob(occupation, "ar", arabicCityName(place.city), rnd);
  const en = syntheticJob(occupation, "en", place.city, rnd);
  const [first, second] = arabicFirst ? [ar, en] : [en, ar];
  const benefits = rnd.sample(BENEFITS, rnd.int(2, 4)).map(([e, a]) => `- ${e} / ${a}`);
  const [low, high] = occupation.salary;
  const salaryMin = Math.round((low + rnd.next() * (high - low) / 2) / 500) * 500;
  const createdAt = new Date(now - Math.floor(rnd.next() * SPREAD_MS));
  return newJobRow({
    jobId: `job_${ulid(createdAt.getTime())}`,
    partnerId,
    at: createdAt,
    fields: {
      title: first.body.title,
      description: [first.body.description, benefits.join("\n"), second.body.description]
        .join("\n\n"),
      city: place.city,
      employment_type: rnd.pick(occupation.employmentTypes),
      salary_min: salaryMin,
      salary_max: salaryMin + Math.round((high - low) / 1000) * 500,
      currency: "SAR",
    },
  });
}

/** Stores `rows` as the job service does (with their search vectors), {@link BATCH} at a time. */
export async function insertJobs(sql: Sql, rows: readonly JobRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await sql.begin((tx) => saveJobs(tx, rows.slice(i, i + BATCH)));
  }
}

/** `count` jobs of `partnerId`, made by {@link seedJob}. */
export function seedJobs(count: number, partnerId: string, rnd: Random): JobRow[] {
  const now = Date.now();
  return Array.from({ length: count }, () => seedJob(partnerId, rnd, now));
}

/** Active, undeleted jobs: what the feed lists. */
export async function listedJobs(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs WHERE status = 'active' AND deleted_at IS NULL`;
  return row?.n ?? 0;
}

/** The partner of the seeded jobs, created with `deno task partner create` the first time. */
export async function seedPartner(sql: Sql): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    SELECT id FROM partners WHERE name = ${SEED_PARTNER_NAME} ORDER BY created_at LIMIT 1`;
  return row?.id ?? (await createPartner(SEED_PARTNER_NAME)).partner_id;
}

/** What {@link ensureListedJobs} found and did. */
export interface SeedReport {
  partnerId: string;
  before: number;
  inserted: number;
  /** The server's `autovacuum` setting; the fixture vacuums the jobs table either way. */
  autovacuum: string;
  seconds: number;
}

/**
 * Tops the listed jobs up to `target` with jobs of the seed partner (nothing when there are
 * enough), then vacuums and analyzes the jobs table.
 */
export async function ensureListedJobs(
  sql: Sql,
  target: number,
  rnd: Random,
  log: (msg: string) => void,
): Promise<SeedReport> {
  const started = performance.now();
  const partnerId = await seedPartner(sql);
  const before = await listedJobs(sql);
  const missing = Math.max(0, target - before);
  if (missing > 0) log(`${before} listed jobs; inserting ${missing} for ${partnerId}`);
  for (let done = 0; done < missing; done += 10_000) {
    await insertJobs(sql, seedJobs(Math.min(10_000, missing - done), partnerId, rnd));
    log(`inserted ${Math.min(done + 10_000, missing)} of ${missing}`);
  }
  // Postgres here may run without autovacuum (CI settings). A production database would
  // have vacuumed new rows by now, which also merges the search index's pending list (that
  // every search reads until then) and refreshes the planner's statistics.
  const [{ autovacuum } = { autovacuum: "unknown" }] = await sql<{ autovacuum: string }[]>`
    SHOW autovacuum`;
  await sql`VACUUM (ANALYZE) jobs`;
  return {
    partnerId,
    before,
    inserted: missing,
    autovacuum,
    seconds: (performance.now() - started) / 1000,
  };
}
