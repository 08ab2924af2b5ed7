/**
 * What the purge scale benchmark does to a database: a delivery log as the retention purge
 * meets it, the purges it times, and the bare delete it compares them with.
 * @module
 */
import type { Sql } from "@hire/db";
import { purgeDeliveryLog, purgeWebhookEvents } from "@hire/tables";
import { readsBy } from "@hire/testing/rows_read.ts";
import { insertAgedDeliveryLog } from "@hire/testing/webhook_rows.ts";

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

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const t = performance.now();
  const value = await work();
  return { ms: performance.now() - t, value };
};

/** The two purges, in the order the retention runs them, and the bare delete of as many rows. */
export async function purgeOnce(sql: Sql) {
  const now = new Date();
  const log = await timed(() => purgeDeliveryLog(sql, now));
  const events = await timed(() =>
    sql.begin(async (tx) => {
      let purged = 0;
      const reads = await readsBy(tx, "webhook_deliveries", async () => {
        purged = await purgeWebhookEvents(tx, now);
      });
      return { purged, pages: reads.pages };
    })
  );
  const bare = await timed(() =>
    sql`DELETE FROM bare_events WHERE created_at < now() - interval '30 days'`.then((r) => r.count)
  );
  return {
    logRowsPurged: log.value,
    logMs: log.ms,
    eventsPurged: events.value.purged,
    eventsMs: events.ms,
    logPagesRead: events.value.pages,
    bareRowsDeleted: bare.value,
    bareMs: bare.ms,
  };
}
