/**
 * Migrations 0023 and 0028: ANALYZE samples 3,000 rows of the tables written for every event,
 * attempt, idempotency key and match.
 */
import assert from "node:assert/strict";
import { analyzeSample, statisticsTargets } from "@hire/testing/analyze_sample.ts";
import { withOwnDatabase } from "@hire/testing/own_database.ts";

const SAMPLED = ["webhook_deliveries", "webhook_events", "outbox", "idempotency_keys", "matches"];

Deno.test("every column of the delivery log, its events, the outbox, the keys and the matches is sampled at 10 or has no statistics", async () => {
  await withOwnDatabase({ name: "sampled-statistics-test" }, async (sql) => {
    // One column at the default (a column added later without a target) would bring the
    // sample back to 30,000 rows: a sample is 300 rows per point of the largest target.
    const rows = (await Promise.all(SAMPLED.map(async (table) =>
      Object.entries(await statisticsTargets(sql, table))
        .map(([column, target]) => ({ table, column, target }))
    ))).flat();
    assert.deepEqual(
      new Set(rows.map((r) =>
        r.table
      )),
      new Set(SAMPLED),
    );
    assert.deepEqual(
      rows.filter((r) =>
        r.target !== 10 && r.target !== 0
      ),
      [],
    );
    const unsearched = rows.filter((r) => r.target === 0).map((r) => `${r.table}.${r.column}`);
    assert.deepEqual(unsearched.sort(), [
      "idempotency_keys.commands",
      "idempotency_keys.key",
      "idempotency_keys.locked_at",
      "idempotency_keys.partner_id",
      "idempotency_keys.request_hash",
      "idempotency_keys.response",
      "idempotency_keys.status_code",
      "matches.event_id",
      "matches.partner_id",
      "matches.score",
      "matches.seeker_id",
      "outbox.event_id",
      "outbox.key",
      "outbox.payload",
      "webhook_deliveries.error",
      "webhook_deliveries.request_headers",
      "webhook_deliveries.response_excerpt",
      "webhook_events.envelope",
    ]);
  });
});

Deno.test("ANALYZE of the events reads 3,000 of 3,500 rows", async () => {
  await withOwnDatabase({ name: "sampled-statistics-analyze-test" }, async (sql, url) => {
    await sql`
      INSERT INTO webhook_events (id, partner_id, job_id, type, envelope)
      SELECT 'evt_' || g, 'ptr_1', 'job_' || g, 'job.created', repeat('x', 600)
      FROM generate_series(1, 3500) g`;
    assert.deepEqual(await analyzeSample(url, "webhook_events"), { live: 3500, sampled: 3000 });
  });
});

Deno.test("ANALYZE of the idempotency keys reads 3,000 of 3,500 rows", async () => {
  await withOwnDatabase({ name: "sampled-statistics-keys-test" }, async (sql, url) => {
    await sql`INSERT INTO partners (id, name, plan) VALUES ('ptr_1', 'Keys', 'growth')`;
    await sql`
      INSERT INTO idempotency_keys (partner_id, key, request_hash, state, commands)
      SELECT 'ptr_1', 'key-' || g, repeat('h', 64), 'in_progress', '[]'::jsonb
      FROM generate_series(1, 3500) g`;
    assert.deepEqual(await analyzeSample(url, "idempotency_keys"), { live: 3500, sampled: 3000 });
  });
});
