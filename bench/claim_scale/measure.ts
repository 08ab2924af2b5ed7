/**
 * What the claim scale benchmark does to a database: the webhooks it holds, the backlog one
 * of them has queued, and the claims, the poll's cancellations and the point queries it times.
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { newId } from "@hire/ids";
import {
  cancelInactiveAttempts,
  claimDueAttempts,
  type ClaimOptions,
  createPartner,
  firstAttemptOf,
  queueFirstAttempts,
} from "@hire/tables";
import { readsBy } from "@hire/testing/rows_read.ts";
import { timeRuns } from "../common/timing.ts";
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

const releaseLeases = (sql: Sql | Tx) =>
  sql`UPDATE delivery_queue SET locked_until = NULL WHERE locked_until IS NOT NULL`;

/** Milliseconds of each of `runs` claims, every lease given back after it. */
export function timeClaims(sql: Sql, opts: ClaimOptions, runs: number): Promise<number[]> {
  return timeRuns(runs, async () => {
    const claimed = await claimDueAttempts(sql, opts);
    if (claimed.length !== opts.limit) {
      throw new Error(`a claim took ${claimed.length} attempts, not ${opts.limit}`);
    }
  }, () => releaseLeases(sql));
}

/** Milliseconds of each of `runs` of the poll's cancellation of inactive webhooks' attempts. */
export function timeCancels(sql: Sql, runs: number): Promise<number[]> {
  return timeRuns(runs, () => cancelInactiveAttempts(sql));
}

/** The yardstick: milliseconds of each of `runs` reads of one webhook by its key. */
export function timePointQueries(sql: Sql, id: string, runs: number): Promise<number[]> {
  return timeRuns(runs, () => sql`SELECT id, url FROM webhooks WHERE id = ${id}`);
}

/** Rows of `webhooks` that `work` reads, counted by the server in a transaction of its own. */
export function webhookRowsRead(sql: Sql, work: (tx: Tx) => Promise<unknown>): Promise<number> {
  return sql.begin(async (tx) => {
    const { rows } = await readsBy(tx, "webhooks", () => work(tx));
    await releaseLeases(tx);
    return rows;
  });
}
