/**
 * Gives a local Debian cluster still at PostgreSQL's default cache (128 MB of
 * `shared_buffers`) a quarter of the machine's memory, at most 2 GB. Matching's searches read
 * every row of a block, and with the pgvector tables larger than the cache each search took
 * two to four times as long (docs/performance.md); 100,000 seekers take about 860 MB. A
 * server whose setting someone has chosen is left as it is, and so is any server not on this
 * machine.
 */
import { connect } from "@hire/db";
import { answers } from "./postgres.ts";
import { clusterCtl, restartableCluster } from "./postgres_cluster.ts";
import { step, waitFor } from "./run.ts";

const MiB = 1024 * 1024;
/** PostgreSQL's own default, in MB, which a cluster nobody has tuned runs with. */
const DEFAULT_MB = 128;
const MOST = 2048 * MiB;

/** The `shared_buffers` to set, in MB, or undefined to leave the server as it is. */
export function sharedBuffersPlan(currentBytes: number, memTotalBytes: number): number | undefined {
  if (currentBytes !== DEFAULT_MB * MiB) return undefined;
  const mb = Math.floor(Math.min(memTotalBytes / 4, MOST) / MiB);
  return mb > DEFAULT_MB ? mb : undefined;
}

/** `MemTotal` of `/proc/meminfo`, in bytes (0 when unreadable). */
export function memTotalBytes(meminfo: string): number {
  return Number(/^MemTotal:\s+(\d+) kB$/m.exec(meminfo)?.[1] ?? 0) * 1024;
}

/**
 * Applies {@link sharedBuffersPlan} to the server of `url` when it is a Debian cluster of this
 * machine that this user can restart (root); the restart is what the setting needs.
 */
export async function ensureSharedBuffers(url: string): Promise<void> {
  const server = await restartableCluster(url);
  if (!server) return;
  const { cluster, admin } = server;
  const mb = await megabytesFor(admin);
  if (mb === undefined) return;
  step(
    `giving PostgreSQL ${
      cluster.join("/")
    } shared_buffers = ${mb}MB (was ${DEFAULT_MB}MB), restarting`,
  );
  await alterSystem(admin, `SET shared_buffers = '${mb}MB'`);
  try {
    await clusterCtl(cluster, "restart");
  } catch (err) {
    // A server that cannot take the memory would stay down with the setting in its files:
    // start it once at the default, and take the setting back.
    step(
      `PostgreSQL did not start with shared_buffers = ${mb}MB; keeping ${DEFAULT_MB}MB (${err})`,
    );
    await clusterCtl(cluster, "start", "-o", `-c shared_buffers=${DEFAULT_MB}MB`);
    await waitFor("Postgres", () => answers(admin), 30_000);
    await alterSystem(admin, "RESET shared_buffers");
    await clusterCtl(cluster, "restart");
  }
  await waitFor("Postgres", () => answers(admin), 30_000);
}

/** The megabytes to give the server, or undefined to leave it. */
async function megabytesFor(admin: string): Promise<number | undefined> {
  const sql = connect(admin, { max: 1, name: "infra" });
  try {
    const [row] = await sql<{ shared: string }[]>`
      SELECT pg_size_bytes(current_setting('shared_buffers')) AS shared`;
    return sharedBuffersPlan(
      Number(row!.shared),
      memTotalBytes(await Deno.readTextFile("/proc/meminfo").catch(() => "")),
    );
  } finally {
    await sql.end();
  }
}

/** `ALTER SYSTEM <change>`; the change is this module's own text, never input. */
async function alterSystem(admin: string, change: string): Promise<void> {
  const sql = connect(admin, { max: 1, name: "infra" });
  try {
    await sql.unsafe(`ALTER SYSTEM ${change}`);
  } finally {
    await sql.end();
  }
}
