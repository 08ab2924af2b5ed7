/**
 * The purge scale benchmark's report: its figures, and the Markdown of
 * `bench/results/purge-scale.md`.
 * @module
 */
import { markdownTable, thousands } from "../common/markdown.ts";
import type { purgeOnce } from "./measure.ts";
import {
  statementsMarkdown,
  type StatementsReport,
  timesYardstick,
} from "../common/statements_report.ts";

/** The figures with `events` events in the log. */
export interface PurgeScaleRow extends Awaited<ReturnType<typeof purgeOnce>> {
  events: number;
}

export type PurgeScaleReport = StatementsReport<{ events: number[] }, PurgeScaleRow>;

const ms = (n: number) => n.toFixed(n < 100 ? 1 : 0);

/** The figures' table: a row per size of the log. */
export function purgeScaleTable(rows: readonly PurgeScaleRow[]): string {
  return markdownTable(
    [
      "events",
      "log rows purged",
      "log purge ms",
      "events purged",
      "events purge ms",
      "bare delete ms",
      "events purge ÷ bare delete",
      "log pages the events purge read",
    ],
    rows.map((r) => [
      thousands(r.events),
      thousands(r.logRowsPurged),
      ms(r.logMs),
      thousands(r.eventsPurged),
      ms(r.eventsMs),
      ms(r.bareMs),
      timesYardstick(r.eventsMs, r.bareMs),
      thousands(r.logPagesRead),
    ]),
    [0, 1, 2, 3, 4, 5, 6, 7],
  );
}

export function purgeScaleMarkdown(r: PurgeScaleReport): string {
  return statementsMarkdown(
    "purge-scale",
    "What the retention purge of the delivery log and its events costs as the log grows",
    r,
    `\`deno task purge\` (\`purgeExpired\`) deletes the delivery log's entries past 30 days, then the
events no entry refers to any more. For each count of events below, a database made afresh holds
them for one partner with two webhooks, a succeeded attempt of each event to both, every other event
and its attempts 40 days old and the rest a day old. From one connection: the log's purge, then the
events' (and, counted by the server in its transaction, the pages of the log and its indexes it
read: \`pg_stat_get_xact_blocks_fetched\`), then, as the yardstick, a bare \`DELETE\` of as many rows
by age from a table of the events' ids and ages with its primary key alone.

${purgeScaleTable(r.rows)}`,
  );
}
