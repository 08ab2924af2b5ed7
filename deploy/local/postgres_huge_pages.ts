/**
 * Puts a local Debian cluster's shared memory (its `shared_buffers`) in huge pages. In 4 kB
 * pages every backend maps each page of the cache it touches with a page fault of its own, and
 * a kernel that reclaims memory untouched for a while (a DAMON `pageout` scheme) unmaps them
 * again: on 2026-12-02's fifth machine, a backend's first read of a (block, city) slice of
 * about 1,000 of 100,000 seekers, all in the cache, took 45–78 ms against 10–14 ms in 2 MB
 * pages, and 2.5–5.7 ms once mapped either way (docs/performance.md). PostgreSQL's `huge_pages = try` (its
 * default) takes huge pages when the kernel has enough reserved at its start; this reserves
 * them (`vm.nr_hugepages`) and restarts the cluster. A server whose `huge_pages` is off, a
 * server before PostgreSQL 15 (which cannot say how many it needs) and any server not on this
 * machine are left as they are, and so is the reservation when the kernel cannot give it all.
 */
import { connect } from "@hire/db";
import { restartableCluster, restartCluster } from "./postgres_cluster.ts";
import { step } from "./run.ts";

const NR_HUGEPAGES = "/proc/sys/vm/nr_hugepages";

/** The kernel's huge pages, as `/proc/meminfo` counts them. */
export interface HugePages {
  total: number;
  free: number;
  /** Promised to a mapping (PostgreSQL's shared memory) but not yet touched. */
  reserved: number;
}

/** `HugePages_Total`, `_Free` and `_Rsvd` of `/proc/meminfo` (0 when absent). */
export function hugePagesOf(meminfo: string): HugePages {
  const field = (name: string) =>
    Number(new RegExp(`^HugePages_${name}:\\s+(\\d+)$`, "m").exec(meminfo)?.[1] ?? 0);
  return { total: field("Total"), free: field("Free"), reserved: field("Rsvd") };
}

/** Huge pages taken or promised: in use, whether touched yet or not. */
export function hugePagesInUse(pages: HugePages): number {
  return pages.total - pages.free + pages.reserved;
}

/**
 * What to do for a server that needs `needed` huge pages (`shared_memory_size_in_huge_pages`;
 * -1 where the platform has none): nothing when that many are in use (taken or promised: the
 * server holds them), a restart when that many lie unused, else the `vm.nr_hugepages` to set
 * (those in use kept, plus the server's) and a restart.
 */
export function hugePagesPlan(
  needed: number,
  pages: HugePages,
): { reserve?: number } | undefined {
  if (needed <= 0) return undefined;
  const inUse = hugePagesInUse(pages);
  if (inUse >= needed) return undefined;
  return pages.total - inUse >= needed ? {} : { reserve: inUse + needed };
}

/**
 * Applies {@link hugePagesPlan} to the server of `url` when it is a Debian cluster of this
 * machine and this user is root.
 */
export async function ensureHugePages(url: string): Promise<void> {
  const server = await restartableCluster(url);
  if (!server) return;
  const { cluster, admin } = server;
  const needed = await neededPages(admin);
  if (needed === undefined) return;
  const meminfo = () => Deno.readTextFile("/proc/meminfo").catch(() => "");
  const before = hugePagesOf(await meminfo());
  const plan = hugePagesPlan(needed, before);
  if (!plan) return;
  if (plan.reserve !== undefined) {
    step(`reserving ${plan.reserve} huge pages for PostgreSQL's shared memory (${needed} its own)`);
    try {
      await Deno.writeTextFile(NR_HUGEPAGES, String(plan.reserve));
    } catch (err) {
      step(`could not reserve huge pages (${err}); PostgreSQL keeps 4 kB pages`);
      return;
    }
    const got = hugePagesOf(await meminfo()).total;
    if (got < plan.reserve) {
      // Memory too fragmented for that many: a partial reservation would only sit unused.
      step(`the kernel gave ${got} of ${plan.reserve} huge pages; PostgreSQL keeps 4 kB pages`);
      await Deno.writeTextFile(NR_HUGEPAGES, String(before.total));
      return;
    }
  }
  step(`restarting PostgreSQL ${cluster.join("/")} into huge pages`);
  await restartCluster(cluster, admin);
  if (hugePagesPlan(needed, hugePagesOf(await meminfo())) !== undefined) {
    step("PostgreSQL did not take the huge pages; it runs in 4 kB pages");
  }
}

/** The huge pages the server needs, or undefined when it cannot tell or will not use them. */
async function neededPages(admin: string): Promise<number | undefined> {
  const sql = connect(admin, { max: 1, name: "infra" });
  try {
    const [row] = await sql<{ setting: string; needed: string | null }[]>`
      SELECT current_setting('huge_pages') AS setting,
             current_setting('shared_memory_size_in_huge_pages', true) AS needed`;
    if (row!.setting === "off" || row!.needed === null) return undefined;
    return Number(row!.needed);
  } finally {
    await sql.end();
  }
}
