import assert from "node:assert/strict";
import { migrate } from "@hire/db";
import { newId } from "@hire/ids";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { claimPages } from "./claim.ts";

Deno.test("migration 0019 queues exactly the unpublished rows, which the next claims publish in order", async () => {
  await withOwnDatabase({ name: "outbox-upgrade-test", upTo: 18 }, async (sql) => {
    // The outbox as the release before left it: rows published and not, in two topics.
    const rows = [
      ["a", true],
      ["a", false],
      ["b", false],
      ["a", false],
      ["b", true],
    ] as const;
    const ids = rows.map(() => newId("evt"));
    for (const [i, [topic, published]] of rows.entries()) {
      await sql`INSERT INTO outbox (event_id, key, topic, payload, published_at)
        VALUES (${ids[i]!}, 'k', ${topic}, ${sql.json({ id: ids[i]! })},
                ${published ? new Date() : null})`;
    }
    // The later migrations apply too, as they do on an upgrade from this release.
    assert.deepEqual((await migrate(sql)).slice(0, 1), ["0019_outbox_pending.sql"]);
    const claimed = await sql.begin((tx) => claimPages(tx, ["a", "b"], 10));
    assert.deepEqual(claimed.map((r) => r.payload.id), [ids[1], ids[2], ids[3]]);
    const [left] = await sql`SELECT count(*)::int AS n FROM outbox_pending`;
    assert.equal(left!.n, 0);
    const [kept] = await sql`SELECT count(*)::int AS n FROM outbox`;
    assert.equal(kept!.n, rows.length, "the published rows stay for their retention");
  });
});
