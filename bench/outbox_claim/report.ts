/**
 * The outbox claim benchmark's report: its figures, and the Markdown of
 * `bench/results/outbox-claim.md`.
 * @module
 */
import { markdownTable, thousands } from "../common/markdown.ts";
import type { LatencyStats } from "../common/stats.ts";
import {
  statementsMarkdown,
  type StatementsReport,
  timesYardstick,
} from "../common/statements_report.ts";

/** The figures with `depth` rows queued. */
export interface OutboxClaimRow {
  depth: number;
  claimMs: LatencyStats;
  /** The yardstick, on the same connection: a read of the page's rows by the queue's key. */
  pageReadMs: LatencyStats;
  /** Pages of the queue (table and index) one claim read. */
  pagesRead: number;
}

export type OutboxClaimReport = StatementsReport<
  { depths: number[]; page: number; runs: number },
  OutboxClaimRow
>;

const ms = (n: number) => n.toFixed(n < 100 ? 2 : 0);

/** The figures' table: a row per depth of the queue. */
export function outboxClaimTable(rows: readonly OutboxClaimRow[]): string {
  return markdownTable(
    [
      "rows queued",
      "claim p50 ms",
      "claim max ms",
      "page read p50 ms",
      "claim ÷ page read",
      "pages a claim read",
    ],
    rows.map((r) => [
      thousands(r.depth),
      ms(r.claimMs.p50),
      ms(r.claimMs.max),
      ms(r.pageReadMs.p50),
      timesYardstick(r.claimMs.p50, r.pageReadMs.p50),
      thousands(r.pagesRead),
    ]),
    [0, 1, 2, 3, 4, 5],
  );
}

export function outboxClaimMarkdown(r: OutboxClaimReport): string {
  const c = r.config;
  return statementsMarkdown(
    "outbox-claim",
    "What the outbox flusher's claim costs behind a deep queue",
    r,
    `Every service publishes what it writes through the outbox: a flusher claims the oldest page
(${c.page} rows, the flusher's own) of each topic's queue (\`outbox_pending\`) and publishes it. While
Kafka is away the queue grows, and when it is back the flusher works it off a page at a time. For
each depth below, a database made afresh holds a queue as such a burst meets it: its statistics
taken between bursts (a burst queued and claimed but for one row, then \`VACUUM ANALYZE\`), then as
many rows queued behind them (\`testing/outbox_rows.ts\`). From one connection set as the consumers'
pools are (\`connectConsumer\`: each statement planned once), ${c.runs} claims of a page are timed after one
untimed, each rolled back so that every claim meets the same queue, with the queue's pages the last
one read; then, as the yardstick on the same connection, ${c.runs} reads of the page's rows by the
queue's key.

${outboxClaimTable(r.rows)}`,
  );
}
