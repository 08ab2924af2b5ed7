/**
 * The console benchmark's fixture, on a database of its own: one partner with the issue's
 * volume (10,000 jobs created over the last 45 days, their matches, 20 webhooks with
 * 100,000 delivery attempts of 50,000 events, users, keys, an audit log and this month's
 * usage), and other partners with rows of their own so the partner is not alone in any table.
 *
 * Partners, keys, users, webhooks and the usage counters go through their owners'
 * functions. The bulk rows (jobs, matches, events, attempts, audit entries) are written
 * with `INSERT … SELECT generate_series`: a benchmark fixture, not a service's write; ids
 * are `<prefix>_` and 26 characters of an md5, valid ids for every reader. Then
 * `VACUUM (ANALYZE)`, as production's autovacuum would have done (this machine's Postgres
 * may run without it), so plans and index-only scans are those of a settled database.
 * @module
 */
import type { Sql } from "@hire/db";
import {
  createPartner,
  insertApiKey,
  insertUser,
  insertWebhook,
  leaseRequests,
  reserveJobs,
} from "@hire/tables";
import type { SecretBox } from "@hire/webhooks";

/** How much to write. */
export interface SeedSize {
  /** The measured partner's jobs. */
  jobs: number;
  /** The measured partner's delivery attempts, across its webhooks. */
  deliveries: number;
  webhooks: number;
  /** Other partners, and each one's jobs and attempts. */
  others: number;
  otherJobs: number;
  otherDeliveries: number;
}

/** The issue's volume for the measured partner, and three others half its size. */
export const ISSUE_SIZE: SeedSize = {
  jobs: 10_000,
  deliveries: 100_000,
  webhooks: 20,
  others: 3,
  otherJobs: 5_000,
  otherDeliveries: 40_000,
};

/** What the runs need to know about the measured partner. */
export interface Seeded {
  partnerId: string;
  /** Its webhooks, the one with the most attempts first. */
  webhookIds: string[];
  /** Rows by table after seeding (all partners). */
  rows: Record<string, number>;
}

const DAY_MS = 86_400_000;
/** Jobs are created over this many days, so the 30-day chart is full and older jobs exist. */
const JOB_SPREAD_DAYS = 45;
/** Attempts are spread over the delivery log's retention, less a day. */
const DELIVERY_SPREAD_DAYS = 29;

const TITLES = [
  "Senior backend engineer",
  "ممرض(ة) في قسم الطوارئ",
  "Accountant",
  "مندوب مبيعات",
  "Warehouse supervisor",
  "معلم رياضيات",
];

async function insertJobs(sql: Sql, partnerId: string, n: number): Promise<void> {
  // Newest first by i; one in 20 deleted a day after its creation (still within retention
  // for the recent ones the list shows); one in 10 still processing, one in 50 failed.
  await sql`
    INSERT INTO jobs (id, partner_id, title, description, city, employment_type, salary_min,
                      salary_max, currency, status, embedding_status, match_ready, created_at,
                      updated_at, deleted_at, embedded_version, first_ready_at)
    SELECT 'job_' || upper(substr(md5(${partnerId} || ':job:' || i), 1, 26)), ${partnerId},
      (${TITLES}::text[])[1 + i % ${TITLES.length}] || ' ' || i,
      'A job of the console benchmark.', 'Riyadh', 'full_time', 9000, 12000, 'SAR',
      (ARRAY['active', 'active', 'active', 'paused', 'closed'])[1 + i % 5],
      CASE WHEN i % 50 = 0 THEN 'failed' WHEN i % 10 = 0 THEN 'processing' ELSE 'ready' END,
      i % 10 <> 0,
      t.created, t.created + interval '2 hours',
      CASE WHEN i % 20 = 7 THEN LEAST(now(), t.created + interval '1 day') END,
      CASE WHEN i % 10 <> 0 THEN 1 ELSE 0 END,
      CASE WHEN i % 10 <> 0 THEN t.created + interval '1 minute' END
    FROM generate_series(1, ${n}::int) i,
      LATERAL (SELECT date_trunc('milliseconds',
        now() - (i::float8 / ${n}::int) * ${JOB_SPREAD_DAYS * DAY_MS}::float8 * interval '1 ms')
        AS created) t`;
}

async function insertMatches(sql: Sql, partnerId: string): Promise<void> {
  // 0 to 12 matches per match-ready job, 6 on average.
  await sql`
    INSERT INTO matches (job_id, seeker_id, partner_id, score, event_id, matched_at)
    SELECT j.id, 'seek_' || upper(substr(md5(j.id || ':' || s), 1, 26)), j.partner_id, 0.8,
      'evt_' || upper(substr(md5(j.id || ':match:' || s), 1, 26)),
      date_trunc('milliseconds', j.created_at + s * interval '1 minute')
    FROM jobs j, generate_series(1, abs(hashtext(j.id)) % 13) s
    WHERE j.partner_id = ${partnerId} AND j.match_ready`;
}

async function insertDeliveries(
  sql: Sql,
  opts: { partnerId: string; webhookIds: string[]; deliveries: number },
): Promise<void> {
  const { partnerId, webhookIds, deliveries } = opts;
  const events = Math.ceil(deliveries / 2);
  // Every event goes to the first webhook, and to one of the others: the first holds half
  // of the attempts, the way a partner's main endpoint does.
  await sql`
    INSERT INTO webhook_events (id, partner_id, job_id, type, envelope, created_at)
    SELECT 'evt_' || upper(substr(md5(${partnerId} || ':evt:' || e), 1, 26)), ${partnerId},
      'job_' || upper(substr(md5(${partnerId} || ':job:' || (1 + e % 5000)), 1, 26)),
      (ARRAY['job.created', 'job.updated', 'job.matched', 'job.matched', 'job.deleted'])[1 + e % 5],
      '{"id":"evt_bench","type":"job.matched","created_at":"2026-11-24T00:00:00Z","data":{}}',
      now() - (e::float8 / ${events}::int) * ${
    DELIVERY_SPREAD_DAYS * DAY_MS
  }::float8 * interval '1 ms'
    FROM generate_series(1, ${events}::int) e`;
  // 93% succeeded, 5% failed (retried or dead), 1% pending, 1% cancelled.
  await sql`
    INSERT INTO webhook_deliveries (id, webhook_id, partner_id, event_id, event_type, job_id,
      attempt, trigger, status, status_code, duration_ms, error, next_step, next_attempt_at,
      created_at, attempted_at, request_headers, response_excerpt)
    SELECT 'dlv_' || upper(substr(md5(${partnerId} || ':dlv:' || i), 1, 26)),
      CASE WHEN i <= ${events}::int THEN (${webhookIds}::text[])[1]
        ELSE (${webhookIds}::text[])[2 + i % (${webhookIds.length}::int - 1)] END,
      ${partnerId}, ev.id, ev.type, ev.job_id,
      CASE WHEN o.outcome = 'failed' THEN 1 + i % 4 ELSE 1 END,
      CASE WHEN o.outcome = 'failed' AND i % 4 > 0 THEN 'retry' ELSE 'event' END,
      o.outcome,
      CASE o.outcome WHEN 'succeeded' THEN 200 WHEN 'failed' THEN 503 END,
      CASE WHEN o.outcome IN ('succeeded', 'failed') THEN 20 + i % 400 END,
      CASE WHEN o.outcome = 'failed' THEN 'HTTP 503' END,
      CASE WHEN o.outcome = 'failed' THEN (CASE WHEN i % 4 = 3 THEN 'dead' ELSE 'retry' END) END,
      CASE WHEN o.outcome = 'failed' AND i % 4 < 3 THEN ev.created_at + interval '1 hour'
        WHEN o.outcome = 'pending' THEN now() + interval '1 hour' END,
      ev.created_at,
      CASE WHEN o.outcome IN ('succeeded', 'failed') THEN ev.created_at + interval '1 second' END,
      CASE WHEN o.outcome IN ('succeeded', 'failed') THEN
        jsonb_build_object('content-type', 'application/json', 'webhook-id', ev.id,
          'webhook-timestamp', '1764000000', 'webhook-signature', 'v1,benchmark') END,
      CASE o.outcome WHEN 'succeeded' THEN '{"ok":true}' WHEN 'failed' THEN 'Service Unavailable' END
    FROM generate_series(1, ${deliveries}::int) i
      JOIN webhook_events ev
        ON ev.id = 'evt_' || upper(substr(md5(${partnerId} || ':evt:' ||
          (1 + (i - 1) % ${events}::int)), 1, 26)),
      LATERAL (SELECT CASE WHEN i % 100 < 93 THEN 'succeeded' WHEN i % 100 < 98 THEN 'failed'
        WHEN i % 100 = 98 THEN 'pending' ELSE 'cancelled' END AS outcome) o`;
}

async function insertAudit(sql: Sql, partnerId: string, n: number): Promise<void> {
  await sql`
    INSERT INTO audit_log (id, partner_id, actor_kind, actor_id, actor_label, action, target_id,
                           created_at)
    SELECT 'aud_' || upper(substr(md5(${partnerId} || ':aud:' || i), 1, 26)), ${partnerId},
      'user', NULL, 'someone@bench.example.sa',
      (ARRAY['key.created', 'key.rolled', 'webhook.updated', 'webhook.paused', 'user.invited'])
        [1 + i % 5],
      NULL, now() - i * interval '7 minutes'
    FROM generate_series(1, ${n}::int) i`;
}

/** A partner with everything the console shows, `size` of it; its webhooks, busiest first. */
async function seedPartner(
  sql: Sql,
  opts: {
    name: string;
    jobs: number;
    webhooks: number;
    deliveries: number;
    users: number;
    secrets: SecretBox;
  },
): Promise<{ partnerId: string; webhookIds: string[] }> {
  const issued = await createPartner(sql, { name: opts.name, plan: "growth", adminEmails: [] });
  const partnerId = issued.partner_id;
  const slug = partnerId.slice(-8).toLowerCase();
  await sql.begin(async (tx) => {
    for (let i = 1; i < 10; i++) await insertApiKey(tx, { partnerId, name: `Key ${i}` });
    for (let i = 0; i < opts.users; i++) {
      await insertUser(tx, {
        partnerId,
        email: `person-${i}-${slug}@bench.example.sa`,
        role: (["admin", "developer", "viewer"] as const)[i % 3]!,
        actor: { kind: "operator" },
      });
    }
  });
  const webhookIds: string[] = [];
  for (let i = 0; i < opts.webhooks; i++) {
    const row = await sql.begin((tx) =>
      insertWebhook(tx, {
        partnerId,
        fields: {
          url: `https://hooks-${i}.bench.example.sa/hire/${slug}`,
          events: ["job.created", "job.updated", "job.deleted", "job.matched"],
          is_active: i % 7 !== 6,
        },
        max: opts.webhooks,
        secrets: opts.secrets,
      })
    );
    webhookIds.push(row!.id);
  }
  await insertJobs(sql, partnerId, opts.jobs);
  await insertMatches(sql, partnerId);
  await insertDeliveries(sql, { partnerId, webhookIds, deliveries: opts.deliveries });
  await insertAudit(sql, partnerId, 3_000);
  await leaseRequests(sql, { partnerId, want: 250, limit: 600 });
  await reserveJobs(sql, { partnerId, n: 4_321, limit: 20_000 });
  return { partnerId, webhookIds };
}

/** Writes the fixture; `log` is told each partner as it is done. */
export async function seed(
  sql: Sql,
  opts: { size: SeedSize; secrets: SecretBox; log: (msg: string) => void },
): Promise<Seeded> {
  const { size } = opts;
  for (let i = 0; i < size.others; i++) {
    await seedPartner(sql, {
      name: `Console benchmark neighbour ${i + 1}`,
      jobs: size.otherJobs,
      webhooks: 5,
      deliveries: size.otherDeliveries,
      users: 5,
      secrets: opts.secrets,
    });
    opts.log(`neighbour ${i + 1}: ${size.otherJobs} jobs, ${size.otherDeliveries} attempts`);
  }
  const measured = await seedPartner(sql, {
    name: "Console benchmark partner",
    jobs: size.jobs,
    webhooks: size.webhooks,
    deliveries: size.deliveries,
    users: 25,
    secrets: opts.secrets,
  });
  opts.log(`measured partner: ${size.jobs} jobs, ${size.deliveries} attempts`);
  await sql`VACUUM (ANALYZE)`;
  const rows: Record<string, number> = {};
  for (
    const table of [
      "jobs",
      "matches",
      "webhooks",
      "webhook_events",
      "webhook_deliveries",
      "audit_log",
      "partner_users",
      "api_keys",
    ]
  ) {
    const [r] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${sql(table)}`;
    rows[table] = r!.n;
  }
  return { ...measured, rows };
}
