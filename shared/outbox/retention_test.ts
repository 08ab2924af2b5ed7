import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { claimPages } from "./claim.ts";
import { purgePublishedOutbox } from "./retention.ts";
import { writeOutbox } from "./write.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const sql = connect(
  TEST_DATABASE_URL,
  { max: 2 },
);
Deno.test.afterAll(() => sql.end());

const DAY = 86_400_000;

Deno.test("the purge removes published rows written more than 7 days ago, and never a queued one", async () => {
  const topic = `retention.test.${crypto.randomUUID()}`;
  const now = new Date();
  const [old, recent, queued] = [newId("evt"), newId("evt"), newId("evt")];
  const write = (id: string) => writeOutbox(sql, [{ id, key: "k", topic, value: { id } }]);
  await write(old);
  await write(recent);
  assert.equal((await sql.begin((tx) => claimPages(tx, [topic], 10))).length, 2);
  await write(queued);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  for (const [id, days] of [[old, 8], [recent, 6], [queued, 10]] as const) {
    await sql`UPDATE outbox SET created_at = ${daysAgo(days)} WHERE event_id = ${id}`;
  }
  try {
    assert.ok(await purgePublishedOutbox(sql, now) >= 1);
    const left = await sql<{ event_id: string }[]>`SELECT event_id FROM outbox
      WHERE topic = ${topic} ORDER BY seq`;
    assert.deepEqual(left.map((r) => r.event_id), [recent, queued]);
  } finally {
    await sql`DELETE FROM outbox_pending WHERE topic = ${topic}`;
    await sql`DELETE FROM outbox WHERE topic = ${topic}`;
  }
});
