/**
 * Where the milliseconds of one create go, as far as can be seen without touching the
 * code: creates sent one after another (nothing queues behind anything), each timed by the
 * client, joined with what Postgres recorded of it: its command's `issued_at` (the job's
 * `created_at`), the job service's transaction start (`command_results.settled_at`, the
 * transaction's `now()`), and when its outbox row was published.
 * @module
 */
import { connect } from "@hire/db";
import { jobBody, JOBS_PATH } from "../common/load.ts";
import type { CreateTiming } from "./figures.ts";

/** Milliseconds since the epoch, with the fraction (`Date.now()` has none). */
export const nowMs = (): number => performance.timeOrigin + performance.now();

/** A create as the client timed it. */
interface Sent {
  id: string;
  sentMs: number;
  answeredMs: number;
}

async function createOnce(edgeUrl: string, apiKey: string, title: string): Promise<Sent> {
  const body = JSON.stringify(jobBody(title));
  const sentMs = nowMs();
  const res = await fetch(`${edgeUrl}${JOBS_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body,
  });
  const json = await res.json() as { id?: string };
  const answeredMs = nowMs();
  if (res.status !== 201 || !json.id) throw new Error(`create answered ${res.status}`);
  return { id: json.id, sentMs, answeredMs };
}

/**
 * Sends `n` creates one at a time (after `warm` untimed ones) and joins each with its
 * timestamps in Postgres (`databaseUrl`, as the owner).
 */
export async function sequentialCreates(opts: {
  edgeUrl: string;
  apiKey: string;
  databaseUrl: string;
  n: number;
  warm?: number;
}): Promise<CreateTiming[]> {
  for (let i = 0; i < (opts.warm ?? 20); i++) {
    await createOnce(opts.edgeUrl, opts.apiKey, `Sequential warm-up ${i}`);
  }
  const sent: Sent[] = [];
  for (let i = 0; i < opts.n; i++) {
    sent.push(await createOnce(opts.edgeUrl, opts.apiKey, `Sequential ${i}`));
  }
  const sql = connect(opts.databaseUrl, { max: 1, name: "bench" });
  try {
    const ids = sent.map((s) => s.id);
    // The outbox is flushed after each commit; give the last rows a moment.
    for (let i = 0; i < 50; i++) {
      const [row] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM outbox WHERE key IN ${sql(ids)} AND published_at IS NULL`;
      if (row!.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await sql<
      { id: string; issued_ms: number; tx_ms: number; published_ms: number | null }[]
    >`
      SELECT j.id,
        extract(epoch FROM j.created_at)::float8 * 1000 AS issued_ms,
        extract(epoch FROM r.settled_at)::float8 * 1000 AS tx_ms,
        (SELECT extract(epoch FROM min(o.published_at))::float8 * 1000
           FROM outbox o WHERE o.key = j.id) AS published_ms
      FROM jobs j JOIN command_results r ON r.job_id = j.id AND r.outcome = 'applied'
      WHERE j.id IN ${sql(ids)}`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return sent.flatMap((s) => {
      const r = byId.get(s.id);
      if (!r) return [];
      return [{
        sentMs: s.sentMs,
        answeredMs: s.answeredMs,
        issuedMs: r.issued_ms,
        txStartMs: r.tx_ms,
        publishedMs: r.published_ms ?? undefined,
      }];
    });
  } finally {
    await sql.end();
  }
}
