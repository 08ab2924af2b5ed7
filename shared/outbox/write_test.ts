import assert from "node:assert/strict";
import { MAX_BIND_PARAMETERS } from "@hire/db";
import { newId } from "@hire/ids";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { writeOutbox } from "./write.ts";

Deno.test("writeOutbox records more messages than one statement binds, in order", async () => {
  await withOwnDatabase({ name: "outbox-bind-limit-test" }, async (sql) => {
    // Four parameters a message: one run and a few more past the limit.
    const messages = Array.from({ length: Math.floor(MAX_BIND_PARAMETERS / 4) + 7 }, () => {
      const id = newId("evt");
      return { id, key: newId("job"), topic: "jobs.events.v1", value: { id } };
    });
    await sql.begin((tx) => writeOutbox(tx, messages));
    const rows = await sql<{ event_id: string }[]>`SELECT event_id FROM outbox ORDER BY seq`;
    assert.deepEqual(rows.map((r) => r.event_id), messages.map((m) => m.id));
  });
});
