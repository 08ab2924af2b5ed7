import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { createPartner } from "./partners.ts";
import { purgeDeliveryLog } from "./deliveries.ts";
import { purgeExpired } from "./retention.ts";
import { purgeWebhookEvents } from "./webhook_events.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { readsBy } from "@hire/testing/rows_read.ts";
import { insertAgedDeliveryLog, insertWebhookRow } from "@hire/testing/webhook_rows.ts";

const sql = connect(
  TEST_DATABASE_URL,
  { max: 2 },
);
Deno.test.afterAll(() => sql.end());

const DAY = 86_400_000;

async function insertJob(partnerId: string, deletedAt: Date | null): Promise<string> {
  const id = newId("job");
  const now = new Date();
  await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type, created_at, updated_at, deleted_at)
    VALUES (${id}, ${partnerId}, 'Purge me', 'x', 'Riyadh', 'part_time', ${now}, ${now}, ${deletedAt})`;
  return id;
}

Deno.test("purge removes jobs soft-deleted more than 30 days ago and keeps the rest", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Purge",
    plan: "growth",
    adminEmails: [],
  });
  const now = new Date();
  const old = await insertJob(partner_id, new Date(now.getTime() - 30 * DAY - 1000));
  const recent = await insertJob(partner_id, new Date(now.getTime() - 29 * DAY));
  const live = await insertJob(partner_id, null);

  const counts = await purgeExpired(sql, { now });
  assert.ok(counts.jobs! >= 1);
  const left = (await sql`SELECT id FROM jobs WHERE partner_id = ${partner_id}`).map((r) => r.id);
  assert.deepEqual(left.sort(), [live, recent].sort());
  assert.ok(!left.includes(old));
});

Deno.test("purge removes idempotency keys older than 24 hours, command results past retention and matches of purged jobs", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Purge",
    plan: "growth",
    adminEmails: [],
  });
  const now = new Date();
  const commands = () => sql.json([{ index: 0, command_id: newId("cmd"), job_id: newId("job") }]);
  await sql`INSERT INTO idempotency_keys (partner_id, key, request_hash, state, commands, created_at)
    VALUES (${partner_id}, 'old', 'h', 'done', ${commands()}, ${new Date(
    now.getTime() - DAY - 1000,
  )}),
           (${partner_id}, 'new', 'h', 'done', ${commands()}, ${now})`;
  const oldCommand = newId("cmd");
  const newCommand = newId("cmd");
  await sql`INSERT INTO command_results (command_id, job_id, outcome, settled_at)
    VALUES (${oldCommand}, 'job_x', 'applied', ${new Date(now.getTime() - 9 * DAY)}),
           (${newCommand}, 'job_x', 'applied', ${now})`;

  await sql`INSERT INTO matches (job_id, seeker_id, partner_id, score, event_id)
    VALUES (${newId("job")}, ${newId("seek")}, ${partner_id}, 0.9, ${newId("evt")})`;
  await purgeExpired(sql, { now });
  const orphans = await sql`SELECT 1 FROM matches WHERE partner_id = ${partner_id}`;
  assert.equal(orphans.length, 0);
  const keys = (await sql`SELECT key FROM idempotency_keys WHERE partner_id = ${partner_id}`).map((
    r,
  ) => r.key);
  assert.deepEqual(keys, ["new"]);
  const results =
    await sql`SELECT command_id FROM command_results WHERE command_id IN (${oldCommand}, ${newCommand})`;
  assert.deepEqual(results.map((r) => r.command_id), [newCommand]);
});

Deno.test("purge removes webhook delivery log entries and events older than 30 days, never pending ones", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Purge",
    plan: "growth",
    adminEmails: [],
  });
  const now = new Date();
  const old = new Date(now.getTime() - 31 * DAY);
  const webhook = await insertWebhookRow(sql, { partnerId: partner_id, createdAt: old });
  const [oldEvent, newEvent] = [newId("evt"), newId("evt")];
  await sql`INSERT INTO webhook_events (id, partner_id, job_id, type, envelope, created_at)
    VALUES (${oldEvent}, ${partner_id}, 'job_x', 'job.deleted', '{}', ${old}),
           (${newEvent}, ${partner_id}, 'job_x', 'job.deleted', '{}', ${now})`;
  const row = (id: string, event: string, attempt: number, status: string, at: Date) =>
    sql`INSERT INTO webhook_deliveries
      (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status, created_at)
      VALUES (${id}, ${webhook}, ${partner_id}, ${event}, 'job.deleted', 'job_x', ${attempt}, 'event', ${status}, ${at})`;
  const [oldDone, oldPending, recent] = [newId("dlv"), newId("dlv"), newId("dlv")];
  await row(oldDone, oldEvent, 1, "succeeded", old);
  await row(recent, newEvent, 1, "failed", now);

  await purgeExpired(sql, { now });
  const left = await sql`SELECT id FROM webhook_deliveries WHERE webhook_id = ${webhook}`;
  assert.deepEqual(left.map((r) => r.id), [recent]);
  const events = await sql`SELECT id FROM webhook_events WHERE partner_id = ${partner_id}`;
  assert.deepEqual(events.map((r) => r.id), [newEvent]);

  // A pending attempt keeps itself and its event, however old.
  await sql`INSERT INTO webhook_events (id, partner_id, job_id, type, envelope, created_at)
    VALUES (${oldEvent}, ${partner_id}, 'job_x', 'job.deleted', '{}', ${old})`;
  await row(oldPending, oldEvent, 1, "pending", old);
  await purgeExpired(sql, { now });
  const kept = await sql`SELECT id FROM webhook_deliveries WHERE id = ${oldPending}`;
  assert.equal(kept.length, 1);
  const keptEvent = await sql`SELECT id FROM webhook_events WHERE id = ${oldEvent}`;
  assert.equal(keptEvent.length, 1);
});

/** Pages of the delivery log and its indexes. */
async function logPages(q: typeof sql): Promise<number> {
  const [row] = await q<{ n: number }[]>`
    SELECT (sum(pg_relation_size(c.oid)) / current_setting('block_size')::int)::int AS n
    FROM pg_class c
    WHERE c.oid = 'webhook_deliveries'::regclass
       OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'webhook_deliveries'::regclass)`;
  return row!.n;
}

Deno.test("purge of events reads the delivery log by event, not once per event purged", async () => {
  await withOwnDatabase({ name: "retention-test-events" }, async (own) => {
    await insertAgedDeliveryLog(own, { events: 2000, oldDays: 40 });
    await own`ANALYZE`;
    const now = new Date();
    assert.equal(await purgeDeliveryLog(own, now), 2000);
    const purged = 1000;
    const pagesBefore = await logPages(own);
    const read = await own.begin((tx) =>
      readsBy(tx, "webhook_deliveries", async () => {
        assert.equal(await purgeWebhookEvents(tx, now), purged);
      })
    );
    // A descent of an index a purged event (4,340 pages here), a pass over the log at most
    // besides; while no index led with the event, each event's foreign key check read the
    // whole of one (58,334 pages).
    assert.ok(
      read.pages <= pagesBefore + 6 * purged,
      `${read.pages} pages read, the log and its indexes ${pagesBefore}`,
    );
  });
});

Deno.test("purge of named tables leaves the other tables' expired rows for their owners", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Purge",
    plan: "growth",
    adminEmails: [],
  });
  const now = new Date();
  const deleted = await insertJob(partner_id, new Date(now.getTime() - 31 * DAY));
  await sql`INSERT INTO idempotency_keys (partner_id, key, request_hash, state, commands, created_at)
    VALUES (${partner_id}, 'old', 'h', 'done', ${
    sql.json([{ index: 0, command_id: newId("cmd"), job_id: newId("job") }])
  }, ${new Date(now.getTime() - 2 * DAY)})`;

  const counts = await purgeExpired(sql, { now, tables: ["idempotency_keys"] });
  assert.deepEqual(Object.keys(counts), ["idempotency_keys"]);
  assert.equal(
    (await sql`SELECT 1 FROM idempotency_keys WHERE partner_id = ${partner_id}`).length,
    0,
  );
  assert.equal((await sql`SELECT 1 FROM jobs WHERE id = ${deleted}`).length, 1);
});

Deno.test("purge removes sign-in links and console sessions a day after they expired", async () => {
  const { partner_id } = await createPartner(sql, {
    name: "Purge",
    plan: "growth",
    adminEmails: [],
  });
  const userId = newId("usr");
  await sql`INSERT INTO partner_users (id, partner_id, email, role)
    VALUES (${userId}, ${partner_id}, ${`${userId.toLowerCase()}@purge.sa`}, 'viewer')`;
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  for (
    const [n, expired] of [[1, ago(DAY + 1000)], [2, ago(DAY - 60_000)], [
      3,
      new Date(now.getTime() + DAY),
    ]] as const
  ) {
    const hash = new Uint8Array(32).fill(n);
    hash.set(new TextEncoder().encode(userId.slice(-20)));
    await sql`INSERT INTO console_sign_in_tokens (token_hash, user_id, expires_at)
      VALUES (${hash}, ${userId}, ${expired})`;
    await sql`INSERT INTO console_sessions (id_hash, user_id, csrf_token, expires_at)
      VALUES (${hash}, ${userId}, 'x', ${expired})`;
  }
  await purgeExpired(sql, { now, tables: ["console_sign_in_tokens", "console_sessions"] });
  const tokens = await sql`SELECT 1 FROM console_sign_in_tokens WHERE user_id = ${userId}`;
  const sessions = await sql`SELECT 1 FROM console_sessions WHERE user_id = ${userId}`;
  assert.deepEqual([tokens.length, sessions.length], [2, 2]);
});
