/**
 * A Debian cluster of this machine, as the infra's Postgres settings restart it: its name and
 * a restart that waits until it answers again.
 */
import { connect } from "@hire/db";
import { answers } from "./postgres.ts";
import { run, waitFor } from "./run.ts";

/** The cluster (`[version, name]`) serving `admin`, or undefined when it is not Debian's. */
export async function debianCluster(admin: string): Promise<string[] | undefined> {
  const sql = connect(admin, { max: 1, name: "infra" });
  try {
    const [row] = await sql<
      { cluster: string }[]
    >`SELECT current_setting('cluster_name') AS cluster`;
    const cluster = row!.cluster.split("/");
    // Debian names its clusters "<version>/<name>"; another server is not ours to restart.
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
