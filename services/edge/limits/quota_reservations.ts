/**
 * Reserving monthly quota for many requests with one statement. A reservation updates the
 * partner's one usage row and holds its lock until the commit is flushed, so one statement
 * per create lines a partner's concurrent creates up behind each other's commits: about
 * 1,800 creates/s on the benchmark machine, however idle the cores were. Reservations asked
 * while an earlier one is in flight are combined into the next statement and shared out in
 * arrival order, so each request is granted exactly what it would have been granted had the
 * statements run one after another.
 * @module
 */
import { combinerWithResults } from "@hire/queue";
import type { Reservation } from "@hire/tables";

/** Reserves up to `n` jobs of the partner's month of `limit`. */
export type ReserveJobs = (
  opts: { partnerId: string; n: number; limit: number },
) => Promise<Reservation>;

/**
 * Splits one reservation made for `asks` (in arrival order) into one per ask, each with the
 * month's usage as it stood right after that ask, as consecutive statements would have.
 */
export function shareReservation(asks: readonly number[], combined: Reservation): Reservation[] {
  const usedBefore = combined.used - combined.granted;
  let given = 0;
  return asks.map((n) => {
    const granted = Math.min(n, combined.granted - given);
    given += granted;
    return { ...combined, granted, used: usedBefore + given };
  });
}

/** `reserve`, with concurrent reservations of one partner (and limit) combined. */
export function combinedReservations(reserve: ReserveJobs): ReserveJobs {
  const lanes = new Map<
    string,
    { submit: (asks: number[]) => Promise<Reservation[]>; users: number }
  >();
  return async ({ partnerId, n, limit }) => {
    const key = `${partnerId} ${limit}`;
    let lane = lanes.get(key);
    if (!lane) {
      lane = {
        users: 0,
        submit: combinerWithResults(async (asks: number[]) => {
          const total = asks.reduce((a, b) => a + b, 0);
          return shareReservation(asks, await reserve({ partnerId, n: total, limit }));
        }),
      };
      lanes.set(key, lane);
    }
    lane.users++;
    try {
      const [reservation] = await lane.submit([n]);
      return reservation!;
    } finally {
      // A partner who stopped creating leaves nothing behind.
      if (--lane.users === 0) lanes.delete(key);
    }
  };
}
