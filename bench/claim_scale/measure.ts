/**
 * What the claim scale benchmark does to a database: the webhooks it holds, the backlog one
 * of them has queued, and the claims and point queries it times.
 * @module
 */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import {
  claimDueAttempts,
  type ClaimOptions,
  createPartner,
  firstAttemptOf,
  queueFirstAttempts,
} from "@hire/tables";
import { rowsReadBy } from "@hire/testing/rows_read.ts";
import { insertWebhookRow } from "@hire/testing/webhook_rows.ts";

/** A partner on Growth with one webhook that has `attempts` first attempts queued, each of a job of its own. */
export async function queueBacklog(sql: Sql, attempts: number): Promise<{ webhookId: string }> {
  const { partner_id: partnerId } = await createPartner(sql, {
    name: "Busy",
    plan: "growth",
    adminEmails: [],
  });
  const webhookId = await insertWebhookRow(sql, { partnerId });
  const events = Array.from({ length: attempts }, () => ({
    id: newId("evt"),
    partner_id: partnerId,
    job_id: newId("job"),
    type: "job.deleted",
    envelope: "{}",
  }));
  await queueFirstAttempts(
    sql,
    events.map((e) => firstAttemptOf(e, webhookId, newId("dlv"))),
    events,
  );
  return { webhookId };
}

/** Milliseconds of each of `runs` claims, every lease given back after it (not timed). */
export async function timeClaims(sql: Sql, opts: ClaimOptions, runs: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const claimed = await claimDueAttempts(sql, opts);
    ms.push(performance.now() - t);
    if (claimed.length !== opts.limit) {
      throw new Error(`a claim took ${claimed.length} attempts, not ${opts.limit}`);
    }
    await sql`UPDATE delivery_queue SET locked_until = NULL WHERE locked_until IS NOT NULL`;
  }
  return ms;
}

/** Rows of `webhooks` one claim reads, counted by the server in the claim's transaction. */
export function webhookRowsOneClaimReads(sql: Sql, opts: ClaimOptions): Promise<number> {
  return sql.begin(async (tx) => {
    const read = await rowsReadBy(tx, "webhooks", () => claimDueAttempts(tx, opts));
    await tx`UPDATE delivery_queue SET locked_until = NULL WHERE locked_until IS NOT NULL`;
    return read;
  });
}

/** The yardstick: milliseconds of each of `runs` reads of one webhook by its key. */
export async function timePointQueries(sql: Sql, id: string, runs: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await sql`SELECT id, url FROM webhooks WHERE id = ${id}`;
    ms.push(performance.now() - t);
  }
  return ms;
}
