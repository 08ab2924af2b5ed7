import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { insertMatches } from "./matches.ts";

const pairs = (jobId: string, n: number) =>
  Array.from({ length: n }, () => ({
    job_id: jobId,
    seeker_id: newId("seek"),
    partner_id: "ptr_x",
    score: 0.75,
    event_id: newId("evt"),
  }));

Deno.test("insertMatches keeps one prepared statement on its connection whatever the number of pairs", async () => {
  await withOwnDatabase({ name: "matches-one-plan-test", max: 1 }, async (sql) => {
    const jobId = newId("job");
    for (const n of [1, 2, 3, 5, 8]) {
      const rows = pairs(jobId, n);
      const inserted = await sql.begin((tx) => insertMatches(tx, rows));
      assert.deepEqual(
        inserted.map((m) => m.seeker_id).sort(),
        rows.map((r) => r.seeker_id).sort(),
      );
      assert.equal(inserted[0]!.score, 0.75);
    }
    const [prepared] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_prepared_statements
      WHERE statement ~ '^[[:space:]]*INSERT INTO matches'`;
    assert.equal(prepared!.n, 1);
  });
});

Deno.test("insertMatches returns only the pairs not recorded before, and nothing for none", async () => {
  await withOwnDatabase({ name: "matches-new-pairs-test" }, async (sql) => {
    const jobId = newId("job");
    const first = pairs(jobId, 3);
    await sql.begin((tx) => insertMatches(tx, first));
    const later = [first[1]!, ...pairs(jobId, 2)];
    const inserted = await sql.begin((tx) => insertMatches(tx, later));
    assert.deepEqual(
      inserted.map((m) => m.seeker_id).sort(),
      later.slice(1).map((r) => r.seeker_id).sort(),
    );
    assert.deepEqual(await sql.begin((tx) => insertMatches(tx, [])), []);
  });
});
