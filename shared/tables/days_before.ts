/** The retention cut-off every owner module computes its purge from. */

const DAY_MS = 86_400_000;

/** The instant `days` whole days before `now`: rows older than it have outlived their retention. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
