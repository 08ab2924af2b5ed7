/**
 * Reads of the delivery service's own log of attempts, `webhook_deliveries`: what the service
 * recorded, beside what the receivers saw.
 * @module
 */
import type { Sql } from "@hire/db";
import { sleep } from "@hire/testing/receiver.ts";
import type { Statuses } from "./results.ts";
import type { LoggedAttempt } from "./stages.ts";
import { latencyStats, roundedStats } from "../common/stats.ts";

/** Webhook ids by the benchmark's labels. */
type Ids = { ids: Map<string, string> };

/** Attempts by status over some webhooks, from the service's own log of deliveries. */
export async function statuses(sql: Sql, fleet: Ids, labels: string[]): Promise<Statuses> {
  const rows = await sql<{ status: string; n: number }[]>`
    SELECT status, count(*)::int AS n FROM webhook_deliveries
    WHERE webhook_id = ANY(${labels.map((l) => fleet.ids.get(l)!)})
    GROUP BY 1 ORDER BY 1`;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Recorded attempt durations (the service's own clock: DNS, socket wait, TLS, response). */
export async function attemptDurations(sql: Sql, fleet: Ids, labels: string[]) {
  const rows = await sql<{ duration_ms: number }[]>`
    SELECT duration_ms FROM webhook_deliveries
    WHERE webhook_id = ANY(${labels.map((l) => fleet.ids.get(l)!)}) AND duration_ms IS NOT NULL`;
  return roundedStats(latencyStats(rows.map((r) => r.duration_ms)));
}

/** The first attempts of events logged for some webhooks: when each was queued and made. */
export async function loggedFirstAttempts(
  sql: Sql,
  fleet: Ids,
  labels: string[],
): Promise<LoggedAttempt[]> {
  const labelOf = new Map(labels.map((l) => [fleet.ids.get(l)!, l]));
  const rows = await sql<
    { webhook_id: string; event_id: string; queued: number; attempted: number }[]
  >`
    SELECT webhook_id, event_id,
           (extract(epoch FROM created_at) * 1000)::float8 AS queued,
           (extract(epoch FROM attempted_at) * 1000)::float8 AS attempted
    FROM webhook_deliveries
    WHERE webhook_id = ANY(${[...labelOf.keys()]}) AND trigger = 'event' AND attempt = 1
      AND attempted_at IS NOT NULL`;
  return rows.map((r) => ({
    webhook: labelOf.get(r.webhook_id)!,
    eventId: r.event_id,
    queuedAt: r.queued,
    attemptedAt: r.attempted,
  }));
}

/**
 * Samples the slow webhook's claimed and pending attempts every 500 ms. Claimed is not the
 * same as requests out: an answered attempt keeps its claim until its record commits.
 */
export function sampleSlow(sql: Sql, webhookId: string) {
  const samples: { at: number; inFlight: number; pending: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const [row] = await sql<{ in_flight: number; pending: number }[]>`
        SELECT count(*) FILTER (WHERE locked_until > now())::int AS in_flight,
               count(*)::int AS pending
        FROM delivery_queue WHERE webhook_id = ${webhookId}`;
      samples.push({ at: Date.now(), inFlight: row!.in_flight, pending: row!.pending });
      await sleep(500);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}
