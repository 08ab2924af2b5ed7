/**
 * A multi-row write of more rows than a multi-row VALUES could bind (65,533 parameters) is
 * written whole: each owner passes one array per column (`unnestRows`), where postgres.js
 * would refuse the VALUES and fail the batch. The sizes are the smallest past that limit for
 * each table's columns.
 */
import assert from "node:assert/strict";
import { MAX_BIND_PARAMETERS } from "@hire/db";
import { newId } from "@hire/ids";
import { jobRow } from "@hire/testing/job_rows.ts";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { seekerProfile } from "@hire/testing/seeker_rows.ts";
import { settleCommands } from "./command_results.ts";
import { saveJobs } from "./jobs.ts";
import { insertMatches } from "./matches.ts";
import { createPartner } from "./partners.ts";
import { upsertSeekers } from "./seekers.ts";

/** Rows of `columns` parameters each, one run and a few more past the limit. */
const pastLimit = (columns: number) => Math.floor(MAX_BIND_PARAMETERS / columns) + 7;

Deno.test("saveJobs stores more jobs than one statement binds", async () => {
  await withOwnDatabase({ name: "jobs-bind-limit-test" }, async (sql) => {
    const { partner_id: partnerId } = await createPartner(sql, {
      name: "Many jobs",
      plan: "growth",
      adminEmails: [],
    });
    const at = new Date();
    const jobs = Array.from(
      { length: pastLimit(21) },
      (_, i) =>
        jobRow({ partnerId, fields: { title: `Nurse ${i}`, description: "Night shifts" }, at }),
    );
    await sql.begin((tx) => saveJobs(tx, jobs));
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM jobs`;
    assert.equal(row!.n, jobs.length);
  });
});

Deno.test("settleCommands settles and counts more commands than one statement binds", async () => {
  await withOwnDatabase({ name: "commands-bind-limit-test" }, async (sql) => {
    const results = Array.from({ length: pastLimit(4) }, () => ({
      command_id: newId("cmd"),
      job_id: newId("job"),
      outcome: "applied" as const,
      errors: null,
    }));
    // One settled before: the count says how many were settled now.
    await sql.begin((tx) => settleCommands(tx, results.slice(-1)));
    assert.equal(await sql.begin((tx) => settleCommands(tx, results)), results.length - 1);
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM command_results`;
    assert.equal(row!.n, results.length);
  });
});

Deno.test("insertMatches records and returns more pairs than one statement binds", async () => {
  await withOwnDatabase({ name: "matches-bind-limit-test" }, async (sql) => {
    const jobId = newId("job");
    const rows = Array.from({ length: pastLimit(5) }, () => ({
      job_id: jobId,
      seeker_id: newId("seek"),
      partner_id: "ptr_x",
      score: 0.8,
      event_id: newId("evt"),
    }));
    const inserted = await sql.begin((tx) => insertMatches(tx, rows));
    assert.deepEqual(
      new Set(inserted.map((m) => m.seeker_id)),
      new Set(rows.map((r) => r.seeker_id)),
    );
    assert.equal((await sql.begin((tx) => insertMatches(tx, rows))).length, 0, "recorded once");
  });
});

Deno.test("upsertSeekers stores and returns more profiles than one statement binds", async () => {
  await withOwnDatabase({ name: "seekers-bind-limit-test" }, async (sql) => {
    const profiles = Array.from(
      { length: pastLimit(9) },
      (_, i) => seekerProfile({ headline: `Nurse ${i}` }),
    );
    const stored = await upsertSeekers(sql, profiles);
    assert.deepEqual(stored.sort(), profiles.map((p) => p.id).sort());
  });
});
