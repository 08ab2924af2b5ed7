import assert from "node:assert/strict";
import { connect, connectConsumer } from "@hire/db";
import { newId } from "@hire/ids";
import { waitUntilLockWait } from "@hire/testing/lock_waits.ts";
import { claimPages, compareSeq } from "./claim.ts";
import { writeOutbox } from "./write.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { queueBehindStaleStatistics } from "@hire/testing/outbox_rows.ts";
import { readsBy } from "@hire/testing/rows_read.ts";

const sql = connect(
  TEST_DATABASE_URL,
  { max: 4 },
);
Deno.test.afterAll(() => sql.end());

async function rowsIn(topic: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => newId("evt"));
  await writeOutbox(sql, ids.map((id) => ({ id, key: "k", topic, value: { id } })));
  return ids;
}

Deno.test("compareSeq orders sequence numbers as numbers, not as text", () => {
  assert.deepEqual(["10", "9", "100", "11"].sort(compareSeq), ["9", "10", "11", "100"]);
  assert.equal(compareSeq("42", "42"), 0);
});

Deno.test("a claim takes the oldest page of each topic, in the order written, and marks it", async () => {
  const [a, b] = [`claim.test.${crypto.randomUUID()}`, `claim.test.${crypto.randomUUID()}`];
  const idsA = await rowsIn(a, 3);
  const idsB = await rowsIn(b, 2);
  const claimed = await sql.begin((tx) => claimPages(tx, [a, b], 2));
  assert.deepEqual(claimed.map((r) => r.payload.id), [...idsA.slice(0, 2), ...idsB]);
  const queued = await sql`SELECT o.event_id FROM outbox_pending q JOIN outbox o USING (topic, seq)
    WHERE q.topic IN (${a}, ${b})`;
  assert.deepEqual(queued.map((r) => r.event_id), [idsA[2]], "the rest stays queued");
  await sql`DELETE FROM outbox_pending WHERE topic IN (${a}, ${b})`;
  await sql`DELETE FROM outbox WHERE topic IN (${a}, ${b})`;
});

Deno.test("behind a deep queue a claim reads its page, not the queue once per row, whatever the statistics say", async () => {
  await withOwnDatabase({ name: "outbox-claim-deep" }, async (own, url) => {
    // Planned once, as the consumers' pools do, by statistics taken between bursts.
    const generic = connectConsumer(url, { max: 1, name: "test" });
    try {
      const topic = "claim.test.deep";
      await queueBehindStaleStatistics(own, topic, 5000);
      const page = 100;
      const oldest = await own<{ event_id: string }[]>`
        SELECT o.event_id FROM outbox_pending q JOIN outbox o USING (topic, seq)
        ORDER BY seq LIMIT ${page}`;
      const reads = await generic.begin((tx) =>
        readsBy(tx, "outbox_pending", async () => {
          const claimed = await claimPages(tx, [topic], page);
          assert.deepEqual(claimed.map((r) => r.payload.id), oldest.map((r) => r.event_id));
        })
      );
      // The page through the index and each of its rows by place, a few pages each (237
      // here); the join planned by those statistics read 20,265.
      assert.ok(reads.pages <= 4 * page, `${reads.pages} pages of the queue read`);
    } finally {
      await generic.end();
    }
  });
});

Deno.test("a topic whose lock another flusher holds is left to it", async () => {
  const [held, free] = [`claim.test.${crypto.randomUUID()}`, `claim.test.${crypto.randomUUID()}`];
  await rowsIn(held, 1);
  const [freeId] = await rowsIn(free, 1);
  const other = await sql.reserve();
  try {
    await other`BEGIN`;
    const [taken] = await other`SELECT pg_try_advisory_xact_lock(7420002, hashtext(${held})) AS ok`;
    assert.equal(taken!.ok, true);
    const claimed = await sql.begin((tx) => claimPages(tx, [held, free], 10));
    assert.deepEqual(claimed.map((r) => r.payload.id), [freeId]);
  } finally {
    await other`ROLLBACK`;
    other.release();
    await sql`DELETE FROM outbox_pending WHERE topic IN (${held}, ${free})`;
    await sql`DELETE FROM outbox WHERE topic IN (${held}, ${free})`;
  }
});

Deno.test("a row published by another flusher while the claim waited for it is not claimed again", async () => {
  const topic = `claim.test.${crypto.randomUUID()}`;
  const [first, second] = (await rowsIn(topic, 2)) as [string, string];
  // Another flusher that has published `first` and not yet committed: the claim's snapshot
  // shows the row unpublished, and the claim waits for its row lock.
  const other = await sql.reserve();
  try {
    await other`BEGIN`;
    await other`DELETE FROM outbox_pending
      WHERE topic = ${topic} AND seq = (SELECT seq FROM outbox WHERE event_id = ${first})`;
    const claiming = sql.begin((tx) => claimPages(tx, [topic], 10));
    await waitUntilLockWait(sql, "WITH locked AS MATERIALIZED");
    await other`COMMIT`;
    const claimed = await claiming;
    assert.deepEqual(claimed.map((r) => r.payload.id), [second]);
  } finally {
    other.release();
    await sql`DELETE FROM outbox WHERE topic = ${topic}`;
  }
});

Deno.test("a queued entry whose outbox row was deleted is dropped by the next claim, publishing nothing", async () => {
  const topic = `claim.test.${crypto.randomUUID()}`;
  const [gone, kept] = (await rowsIn(topic, 2)) as [string, string];
  await sql`DELETE FROM outbox WHERE event_id = ${gone}`;
  const claimed = await sql.begin((tx) => claimPages(tx, [topic], 10));
  assert.deepEqual(claimed.map((r) => r.payload.id), [kept]);
  const [left] = await sql`SELECT count(*)::int AS n FROM outbox_pending WHERE topic = ${topic}`;
  assert.equal(left!.n, 0);
  await sql`DELETE FROM outbox WHERE topic = ${topic}`;
});

Deno.test("a claim that rolls back leaves its rows queued and unpublished", async () => {
  const topic = `claim.test.${crypto.randomUUID()}`;
  const ids = await rowsIn(topic, 2);
  await assert.rejects(
    sql.begin(async (tx) => {
      assert.equal((await claimPages(tx, [topic], 10)).length, 2);
      throw new Error("Kafka refused");
    }),
    /Kafka refused/,
  );
  const again = await sql.begin((tx) => claimPages(tx, [topic], 10));
  assert.deepEqual(again.map((r) => r.payload.id), ids);
  await sql`DELETE FROM outbox WHERE topic = ${topic}`;
});
