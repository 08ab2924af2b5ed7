/**
 * Reads of `jobs` bring a JobRow's columns and nothing else: never the site's generated
 * `search` tsvector, which would double the bytes of every read and of every job an edge
 * keeps in memory.
 */
import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { jobRow } from "@hire/testing/job_rows.ts";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { jobsWithSchedule } from "./job_embedding_schedule.ts";
import { jobRowColumns, lockJobs, markEmbeddingReady, saveJobs, shareLockJobs } from "./jobs.ts";
import { createPartner } from "./partners.ts";

const COLUMNS = Object.keys(jobRow({ partnerId: "ptr_x" })).sort();

Deno.test("every read of jobs returns exactly a JobRow's columns", async () => {
  await withOwnDatabase({ name: "jobs-columns-test" }, async (sql) => {
    const { partner_id: partnerId } = await createPartner(sql, {
      name: "Columns",
      plan: "growth",
      adminEmails: [],
    });
    const id = newId("job");
    const at = new Date();
    await sql.begin((tx) =>
      saveJobs(tx, [
        jobRow({
          jobId: id,
          partnerId,
          fields: { description: "Night shifts in a Riyadh clinic, ممرضة" },
          at,
        }),
      ])
    );
    const [search] = await sql<{ search: string }[]>`SELECT search FROM jobs WHERE id = ${id}`;
    assert.ok(search!.search.length > 0, "the table does have a search column to leave out");

    const reads = {
      lockJobs: await sql.begin((tx) => lockJobs(tx, [id])),
      shareLockJobs: await sql.begin((tx) => shareLockJobs(tx, [id])),
      jobRowColumns: await sql`SELECT ${jobRowColumns(sql)} FROM jobs WHERE id = ${id}`,
    };
    for (const [name, rows] of Object.entries(reads)) {
      assert.deepEqual(Object.keys(rows[0]!).sort(), COLUMNS, name);
    }
    const [scheduled] = await jobsWithSchedule(sql, [id]);
    assert.deepEqual(
      Object.keys(scheduled!).sort(),
      [...COLUMNS, "due_at", "scheduled_version"].sort(),
    );
    const [ready] = await sql.begin((tx) =>
      markEmbeddingReady(tx, { jobs: [{ id, contentVersion: 1 }], now: new Date() })
    );
    assert.deepEqual(Object.keys(ready!).sort(), [...COLUMNS, "first"].sort());
    assert.equal(ready!.first, true);
  });
});
