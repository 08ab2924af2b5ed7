/**
 * What the outbox claim benchmark times: the flusher's claim of a page behind a deep queue,
 * planned once as the consumers' pools plan it, and a bare read of as many queued rows.
 * @module
 */
import type { Sql } from "@hire/db";
import { claimPages } from "../../shared/outbox/claim.ts";
import { readsBy } from "@hire/testing/rows_read.ts";
import { timed, timeRuns } from "../common/timing.ts";

/** Thrown to roll a timed claim back, so that every claim meets the same queue. */
class RolledBack extends Error {}

/** Milliseconds of one claim of `page` rows of `topic`, rolled back; and the queue's pages it read. */
async function claimOnce(sql: Sql, topic: string, page: number) {
  let out = { ms: 0, pages: 0 };
  await sql.begin(async (tx) => {
    // Only the claim is timed, not the counters read around it.
    let ms = 0;
    const { pages } = await readsBy(tx, "outbox_pending", async () => {
      const claim = await timed(() => claimPages(tx, [topic], page));
      if (claim.value.length !== page) {
        throw new Error(`a claim took ${claim.value.length}, not ${page}`);
      }
      ms = claim.ms;
    });
    out = { ms, pages };
    throw new RolledBack();
  }).catch((e) => {
    if (!(e instanceof RolledBack)) throw e;
  });
  return out;
}

/** Each of `runs` claims' milliseconds, after one untimed, and the pages the last one read. */
export async function timeClaims(sql: Sql, topic: string, page: number, runs: number) {
  await claimOnce(sql, topic, page);
  const ms: number[] = [];
  let pages = 0;
  for (let i = 0; i < runs; i++) {
    const c = await claimOnce(sql, topic, page);
    ms.push(c.ms);
    pages = c.pages;
  }
  return { ms, pages };
}

/** The yardstick: each of `runs` reads of the oldest `page` queued rows of `topic`. */
export function timePageReads(sql: Sql, topic: string, page: number, runs: number) {
  return timeRuns(
    runs,
    () => sql`SELECT seq FROM outbox_pending WHERE topic = ${topic} ORDER BY seq LIMIT ${page}`,
  );
}
