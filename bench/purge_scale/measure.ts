/**
 * What the purge scale benchmark does to a database: a delivery log as the retention purge
 * meets it, the purges it times, and the bare delete it compares them with.
 * @module
 */
import type { Sql } from "@hire/db";
import { purgeDeliveryLog, purgeWebhookEvents } from "@hire/tables";
import { readsBy } from "@hire/testing/rows_read.ts";
import { insertAgedDeliveryLog } from "@hire/testing/webhook_rows.ts";
import { timed } from "../common/timing.ts";

/** Days old the purged half is: past the log's 30 days. */
const OLD_DAYS = 40;

/** `events` events of a partner with two webhooks, an attempt of each to both, half of them old. */
export async function fillLog(sql: Sql, events: number): Promise<void> {
  await insertAgedDeliveryLog(sql, { events, oldDays: OLD_DAYS });
  // The yardstick's table: the events' ids and ages, its primary key alone.
  await sql`CREATE TABLE bare_events AS SELECT id, created_at FROM webhook_events`;
  await sql`ALTER TABLE bare_events ADD PRIMARY KEY (id)`;
  await sql`ANALYZE`;
}

/** The two purges, in the order the retention runs them, and the bare delete of as many rows. */
export async function purgeOnce(sql: Sql) {
  const now = new Date();
  const log = await timed(() => purgeDeliveryLog(sql, now));
  // Only the purge is timed, not the transaction nor the counters read around it.
  const events = await sql.begin(async (tx) => {
    let purge = { ms: 0, value: 0 };
    const reads = await readsBy(tx, "webhook_deliveries", async () => {
      purge = await timed(() => purgeWebhookEvents(tx, now));
    });
    return { ms: purge.ms, purged: purge.value, pages: reads.pages };
  });
  const bare = await timed(() =>
    sql`DELETE FROM bare_events WHERE created_at < now() - interval '30 days'`.then((r) => r.count)
  );
  return {
    logRowsPurged: log.value,
    logMs: log.ms,
    eventsPurged: events.purged,
    eventsMs: events.ms,
    logPagesRead: events.pages,
    bareRowsDeleted: bare.value,
    bareMs: bare.ms,
  };
}
