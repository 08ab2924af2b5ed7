/**
 * Jobs by id in the edge's memory, so a retrieve costs no round trip. Kept exact by Postgres:
 * a trigger announces every UPDATE and DELETE of `jobs` on `jobs_changed` in the writing
 * transaction (migration 0014), each edge drops the ids it hears, and empties the cache when
 * its listening connection (re)connects, since changes made while it was down were never
 * announced. A new job needs no announcement: a miss is never cached.
 *
 * A read that raced a change (its SELECT saw the row before the change, its answer came
 * after the announcement) must not re-cache the old row: each drop starts a new generation,
 * and a row read in an earlier one is not cached. The edge that sends a write drops its job
 * before it answers, so its own reads follow its writes at once; other edges follow when the
 * announcement reaches them (docs/api.md, "Consistency").
 *
 * Each job is kept with its public JSON, the body a retrieve answers as is: serialising it was
 * a sixth of a retrieve's CPU in the edge (bench/results/baselines.md), and the text changes
 * only when the row does.
 *
 * Bounded by an estimate of the jobs' size, least recently used out first.
 * @module
 */
import type { Sql } from "@hire/db";
import { type JobRow, toPublicJob } from "@hire/jobs";

/** The channel the `jobs` trigger announces changed ids on, comma-separated. */
export const JOBS_CHANGED_CHANNEL = "jobs_changed";

/** A job as the API shows it: its row, and its public JSON. */
export interface CachedJob {
  row: JobRow;
  /** `toPublicJob(row)` as JSON text. */
  body: string;
}

/** A cache of jobs by id. */
export interface JobCache {
  get(id: string): CachedJob | undefined;
  /** Taken before a read starts and passed to {@link JobCache.set} with its answer. */
  generation(): number;
  /** `row` with its body, cached unless anything was dropped since `generation`. */
  set(row: JobRow, generation: number): CachedJob;
  /** Drops these ids and starts a new generation. */
  drop(ids: readonly string[]): void;
  clear(): void;
  /** Rows and estimated bytes held. */
  size(): { rows: number; bytes: number };
}

// An upper bound of a row's heap, so the configured bytes bound the memory. Measured on
// Deno 2.9 with the benchmark's jobs (246 characters of title and description, two in five
// in Arabic): 1.86 KB a row, about 1.5 KB of it whatever the text (21 fields, four Dates,
// the Map's entry). Two bytes per character (V8 keeps ASCII in one) plus 1.6 KB, and the
// body's characters twice over.
const jobBytes = ({ row, body }: CachedJob) =>
  2 * (row.title.length + row.description.length + body.length) + 1600;

/**
 * A cache holding at most about `maxBytes` of jobs (0: caches nothing), whose bodies show
 * `service_url` on `siteBaseUrl`.
 */
export function createJobCache(maxBytes: number, siteBaseUrl: string): JobCache {
  const rows = new Map<string, { job: CachedJob; bytes: number }>();
  let bytes = 0;
  let generation = 0;
  const remove = (id: string) => {
    const e = rows.get(id);
    if (!e) return;
    rows.delete(id);
    bytes -= e.bytes;
  };
  return {
    get(id) {
      const e = rows.get(id);
      if (!e) return undefined;
      // Most recently used last: a Map iterates in insertion order.
      rows.delete(id);
      rows.set(id, e);
      return e.job;
    },
    generation: () => generation,
    set(row, since) {
      const job = { row, body: JSON.stringify(toPublicJob(row, siteBaseUrl)) };
      if (since !== generation) return job;
      const size = jobBytes(job);
      if (size > maxBytes) return job;
      remove(row.id);
      while (bytes + size > maxBytes) remove(rows.keys().next().value!);
      rows.set(row.id, { job, bytes: size });
      bytes += size;
      return job;
    },
    drop(ids) {
      generation++;
      for (const id of ids) remove(id);
    },
    clear() {
      generation++;
      rows.clear();
      bytes = 0;
    },
    size: () => ({ rows: rows.size, bytes }),
  };
}

/**
 * Drops the ids Postgres announces, and empties `cache` each time the listening connection
 * (re)connects. Returns a function that stops listening.
 */
export async function dropOnJobChange(sql: Sql, cache: JobCache): Promise<() => Promise<void>> {
  const sub = await sql.listen(
    JOBS_CHANGED_CHANNEL,
    (payload) => cache.drop(payload.split(",")),
    () => cache.clear(),
  );
  return () => sub.unlisten();
}
