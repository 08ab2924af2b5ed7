/**
 * The API's load over Postgres NOTIFY. The processes that answer people (the edge, the job
 * service, the site) announce the CPU they use; background work (the embedding pipeline)
 * hears it and gives way while the API is busy. The API's own word is the signal because
 * the machine's CPU pressure counts the pipeline's work too: with 100,000 seekers, matching
 * alone kept the pressure high enough that a gate on it held the pipeline back against
 * itself (bench/results/pipeline-yield-15.md). It also reaches across hosts, where the
 * parts share Postgres and Kafka but not a kernel.
 * @module
 */
import process from "node:process";
import type { Sql } from "@hire/db";
import { cpuMeter, decodeAnnouncement, encodeAnnouncement, loadBoard } from "./load_board.ts";

/** The channel; its payloads are `load_board.ts`'s announcements. */
export const API_LOAD_CHANNEL = "api_load";

// Often enough that background work stops within a fraction of a second of a burst, rare
// enough to cost nothing: five statements a second per process.
const ANNOUNCE_EVERY_MS = 200;
// Two announcements missed and a sender no longer counts.
const STALE_AFTER_MS = 2.5 * ANNOUNCE_EVERY_MS;

/** Announcing, until stopped. */
export interface Announcer {
  stop(): void;
}

/**
 * Announces this process's CPU use every 200 ms as `<service>#<random>`. A failed NOTIFY
 * (Postgres away) is skipped: the listener stops counting this process, so background work
 * runs, and the next interval tries again.
 */
export function announceApiLoad(
  sql: Sql,
  service: string,
  readCpuUs: () => number = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  },
): Announcer {
  const from = `${service}#${crypto.randomUUID().slice(0, 8)}`;
  const meter = cpuMeter(readCpuUs, () => performance.now());
  let sending = false;
  const timer = setInterval(() => {
    if (sending) return;
    sending = true;
    const payload = encodeAnnouncement({ from, cpu: meter() });
    sql`SELECT pg_notify(${API_LOAD_CHANNEL}, ${payload})`.catch(() => {})
      .finally(() => sending = false);
  }, ANNOUNCE_EVERY_MS);
  return { stop: () => clearInterval(timer) };
}

/** What a listener hears. */
export interface ApiLoad {
  /** Share of one core the API's processes use together now (0 when none is heard). */
  current(): number;
  stop(): Promise<void>;
}

/**
 * Listens to the API's announcements. Resolves once every sender has had time to announce
 * twice: a board read at once would be empty, and a busy API would look idle to the first
 * work that asked (a restart's backlog, fetched within a fraction of a second of the start).
 */
export async function hearApiLoad(sql: Sql): Promise<ApiLoad> {
  const board = loadBoard(STALE_AFTER_MS);
  const sub = await sql.listen(API_LOAD_CHANNEL, (payload) => {
    const a = decodeAnnouncement(payload);
    if (a) board.heard(a, performance.now());
  });
  await new Promise((r) => setTimeout(r, STALE_AFTER_MS));
  return {
    current: () => board.total(performance.now()),
    stop: () => sub.unlisten(),
  };
}
