import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { recordingLogger } from "@hire/log";
import { createPgvectorIndex, type VectorBlocks } from "@hire/vector";
import { startBlocksFill } from "./blocks_fill.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const url = TEST_DATABASE_URL;
const sql = connect(url, { max: 2, name: "blocks-fill-test" });
Deno.test.afterAll(() => sql.end());

const blocks: VectorBlocks = { of: (v) => (v[0]! > 0.5 ? 1 : 2), maxScoreAcross: 0.3 };
const index = (prefix: string, withBlocks?: VectorBlocks) =>
  createPgvectorIndex({ sql, dimensions: 4, tablePrefix: prefix, blocks: withBlocks });

Deno.test("the fill gives vectors stored without a block their blocks, and says how many", async () => {
  const prefix = `bf${crypto.randomUUID().slice(0, 8)}_`;
  try {
    const before = index(prefix);
    await before.init();
    const seekers = [Float32Array.of(1, 0, 0, 0), Float32Array.of(0, 1, 0, 0)].map((vector) => ({
      id: newId("seek"),
      city: "Riyadh",
      employmentTypes: ["full_time" as const],
      vector,
    }));
    await before.upsertSeekers(seekers);
    const log = recordingLogger();
    await startBlocksFill(index(prefix, blocks), log).done;
    const rows = await sql.unsafe<{ id: string; block: number }[]>(
      `SELECT seeker_id AS id, block FROM ${prefix}seeker_vectors`,
    );
    assert.deepEqual(
      new Map(rows.map((r) => [r.id, r.block])),
      new Map([[seekers[0]!.id, 1], [seekers[1]!.id, 2]]),
    );
    assert.deepEqual(log.lines.map((l) => [l.level, l.msg, l.fields]), [
      ["info", "vector blocks filled", { filled: 2, complete: true }],
    ]);
    const again = recordingLogger();
    await startBlocksFill(index(prefix, blocks), again).done;
    assert.deepEqual(again.lines, [], "nothing left to fill, nothing said");
  } finally {
    await sql.unsafe(`DROP TABLE IF EXISTS ${prefix}job_vectors, ${prefix}seeker_vectors`);
  }
});

Deno.test("a fill that fails is logged and ends; stopping it then is quiet", async () => {
  // No init: the tables do not exist.
  const log = recordingLogger();
  const fill = startBlocksFill(index(`bf${crypto.randomUUID().slice(0, 8)}_`, blocks), log);
  await fill.done;
  await fill.stop();
  assert.equal(log.lines.length, 1);
  assert.equal(log.lines[0]!.level, "error");
  assert.match(String(log.lines[0]!.fields?.error), /does not exist/);
});
