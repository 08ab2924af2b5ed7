/**
 * Every owner's batch statement has one text whatever the number of rows or ids it takes, so
 * a connection prepares it once: a multi-row VALUES or an IN list made a statement, and a plan
 * kept in the backend, for each batch size (`shared/db/unnest.ts`).
 */
import assert from "node:assert/strict";
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { writeOutbox } from "@hire/outbox";
import { jobRow } from "@hire/testing/job_rows.ts";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { insertWebhookRow } from "@hire/testing/webhook_rows.ts";
import { seekerProfile } from "@hire/testing/seeker_rows.ts";
import { settleCommands, settledCommandIds } from "./command_results.ts";
import { firstAttemptOf, queueFirstAttempts } from "./deliveries.ts";
import {
  jobsWithSchedule,
  scheduleJobEmbeddings,
  unscheduleJobEmbeddings,
} from "./job_embedding_schedule.ts";
import {
  findJobPlacements,
  jobOwners,
  lockJobs,
  saveJobs,
  shareLockJobPlacements,
  shareLockJobs,
} from "./jobs.ts";
import { insertMatches } from "./matches.ts";
import { createPartner, existingPartnerIds } from "./partners.ts";
import { deleteSeekerProfiles, seekersByIds, shareLockSeekers, upsertSeekers } from "./seekers.ts";
import { storeWebhookEvents } from "./webhook_events.ts";

/** Runs each batch function of the owners once with `n` rows or ids. */
async function everyBatchOf(sql: Sql, n: number, partnerId: string, webhookId: string) {
  const many = <T>(make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
  const jobs = many(() => jobRow({ partnerId }));
  const ids = jobs.map((j) => j.id);
  const events = many((i) => ({
    id: newId("evt"),
    partner_id: partnerId,
    job_id: ids[i]!,
    type: "job.created",
    envelope: "{}",
  }));
  const commands = many((i) => ({
    command_id: newId("cmd"),
    job_id: ids[i]!,
    outcome: "rejected" as const,
    errors: [{ field: "title", code: "too_long" as const, message: "long", messageAr: "طويل" }],
  }));
  await sql.begin(async (tx) => {
    await saveJobs(tx, jobs);
    await lockJobs(tx, ids);
    await shareLockJobs(tx, ids);
    await shareLockJobPlacements(tx, ids);
    await settledCommandIds(tx, commands.map((c) => c.command_id));
    assert.equal(await settleCommands(tx, commands), n);
    await writeOutbox(tx, many((i) => ({ id: newId("evt"), key: ids[i]!, topic: "t", value: {} })));
    await storeWebhookEvents(tx, events);
    const attempts = events.map((e) => firstAttemptOf(e, webhookId));
    assert.equal(await queueFirstAttempts(tx, attempts, events), n);
    const pairs = many((i) => ({
      job_id: ids[i]!,
      seeker_id: newId("seek"),
      partner_id: partnerId,
      score: 0.5,
      event_id: newId("evt"),
    }));
    assert.equal((await insertMatches(tx, pairs)).length, n);
  });
  await scheduleJobEmbeddings(sql, jobs, new Date());
  assert.equal((await jobsWithSchedule(sql, ids)).filter((j) => j.due_at).length, n);
  await unscheduleJobEmbeddings(sql, jobs);
  assert.equal((await jobOwners(sql, ids)).size, n);
  assert.equal((await findJobPlacements(sql, ids)).size, n);
  assert.equal((await existingPartnerIds(sql, many(() => partnerId))).size, 1);
  const seekers = await upsertSeekers(sql, many(() => seekerProfile()));
  assert.equal((await seekersByIds(sql, seekers)).length, n);
  await sql.begin((tx) => shareLockSeekers(tx, seekers));
  await deleteSeekerProfiles(sql, seekers);
}

const preparedCount = async (sql: Sql) =>
  (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_prepared_statements`)[0]!.n;

Deno.test("owners' batch statements are prepared once on a connection, whatever the batch size", async () => {
  await withOwnDatabase({ name: "statement-texts-test", max: 1 }, async (sql) => {
    const { partner_id: partnerId } = await createPartner(sql, {
      name: "Batches",
      plan: "growth",
      adminEmails: [],
    });
    const webhookId = await insertWebhookRow(sql, { partnerId, events: ["job.created"] });
    await everyBatchOf(sql, 1, partnerId, webhookId);
    const afterOne = await preparedCount(sql);
    for (const n of [2, 3, 7, 40]) await everyBatchOf(sql, n, partnerId, webhookId);
    assert.equal(await preparedCount(sql), afterOne);
  });
});
