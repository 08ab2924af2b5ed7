/**
 * A Debian cluster of this machine, as the infra's Postgres settings restart it: its name and
 * a restart that waits until it answers again.
 */
import { connect } from "@hire/db";
import { answers, isLocal, maintenanceUrl } from "./postgres.ts";
import { has, run, waitFor } from "./run.ts";

/**
 * The Debian cluster serving `url` and its maintenance URL, when this user may change its
 * settings and restart it: a server of this machine, root, `pg_ctlcluster` at hand. Undefined
 * otherwise: another server is not ours to restart.
 */
export async function restartableCluster(
  url: string,
): Promise<{ cluster: string[]; admin: string } | undefined> {
  if (!isLocal(url) || Deno.uid() !== 0 || !await has("pg_ctlcluster")) return undefined;
  const admin = maintenanceUrl(url);
  const cluster = await debianCluster(admin);
  return cluster && { cluster, admin };
}

/** The cluster (`[version, name]`) serving `admin`, or undefined when it is not Debian's. */
async function debianCluster(admin: string): Promise<string[] | undefined> {
  const sql = connect(admin, { max: 1, name: "infra" });
  try {
    const [row] = await sql<
      { cluster: string }[]
    >`SELECT current_setting('cluster_name') AS cluster`;
    const cluster = row!.cluster.split("/");
    // Debian names its clusters "<version>/<name>".
    return cluster.length === 2 ? cluster : undefined;
  } finally {
    await sql.end();
  }
}

/** `pg_ctlcluster <version> <name> <args>`. */
export async function clusterCtl(cluster: string[], ...args: string[]): Promise<void> {
  await run("pg_ctlcluster", ["--skip-systemctl-redirect", ...cluster, ...args]);
}

/** Restarts the cluster and waits until it answers at `admin`. */
export async function restartCluster(cluster: string[], admin: string): Promise<void> {
  await clusterCtl(cluster, "restart");
  await waitFor("Postgres", () => answers(admin), 30_000);
}
