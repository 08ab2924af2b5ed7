/** Waiting until a statement reaches a lock another session holds. */
import type { Sql } from "@hire/db";
import { waitUntil } from "./wait.ts";

/** Resolves once a statement whose text contains `fragment` waits on a lock. */
export async function waitUntilLockWait(sql: Sql, fragment: string): Promise<void> {
  await waitUntil(`a statement with "${fragment}" to wait on a lock`, async () => {
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND position(${fragment} in query) > 0
        AND pid <> pg_backend_pid()`;
    return row!.n > 0 ? true : undefined;
  }, { intervalMs: 10 });
}
