/**
 * Our system as the baselines measure it: the edge and the job service only, or the whole
 * system, each service a `deno run -A <entry>` process of its own as `deno task dev` runs
 * them (logged in as its own Postgres role, plan limits lifted as in every benchmark), on a
 * database made afresh for the run and on topics and consumer groups of the run's own on the
 * running broker, so that no other stack's commands or backlog reach it. Optionally the edge
 * and the job service under `--cpu-prof`.
 * @module
 */
import { connect } from "@hire/db";
import { type GroupIds, type TopicNames, uniqueGroupIds } from "@hire/topology";
import { ensureLogins, loginOf, urlAs } from "../../deploy/local/db_logins.ts";
import { LOCAL_BROKER } from "../../deploy/local/kafka.ts";
import { DEFAULT_DATABASE_URL, ensureDatabase } from "../../deploy/local/postgres.ts";
import { type ServiceName, SERVICES } from "../../deploy/local/services.ts";
import { freshDatabase } from "../common/fresh_database.ts";
import { createRunTopics } from "../common/run_topics.ts";
import { commandOutput, ROOT, step } from "../common/proc.ts";
import { startRunningSystem } from "../common/service_processes.ts";
import { jobBody } from "../common/load.ts";
import { createOneJob } from "../api/jobs.ts";

/** Every topic and group of a run starts with this; leftovers of a failed run are deleted. */
export const TOPIC_PREFIX = "bench.baselines.";

/** The services measured alone (and profiled), in start order. */
export const MEASURED_SERVICES = ["job", "edge"] as const;
/** One of them. */
export type MeasuredService = typeof MEASURED_SERVICES[number];

/** The database, broker, topics and groups the run's services share. */
export interface Stack {
  /** The tree the services run from (with a trailing slash). */
  source: string;
  databaseUrl: string;
  brokers: string;
  /** Every topic variable and the run's name for it. */
  topics: TopicNames;
  /** Every consumer group variable and the run's id for it. */
  groups: GroupIds;
  /** Deletes the run's topics. */
  cleanup(): Promise<void>;
}

/** Database `name` made afresh and migrated by `source`'s own migrations; its URL. */
async function sourceDatabase(name: string, source: string): Promise<string> {
  if (source === ROOT) return await freshDatabase(name);
  const url = new URL(Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL);
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString(), { fresh: true });
  const out = await commandOutput(Deno.execPath(), ["run", "-A", "shared/db/migrate_main.ts"], {
    cwd: source,
    env: { DATABASE_URL: url.toString() },
  });
  if (!out.success) throw new Error(`migrating with ${source}:\n${out.stderr}`);
  return url.toString();
}

/**
 * Makes the database (migrated by `source`, the tree the services run from), the services'
 * logins, and the run's topics.
 */
export async function prepareStack(database: string, source = ROOT): Promise<Stack> {
  const brokers = Deno.env.get("KAFKA_BROKERS") ?? LOCAL_BROKER;
  const databaseUrl = await sourceDatabase(database, source);
  const owner = connect(databaseUrl, { max: 1, name: "bench" });
  try {
    // Without passwords, as `deno task chaos` does: the local cluster trusts loopback.
    await ensureLogins(owner, SERVICES.map(({ role }) => ({ role })));
  } finally {
    await owner.end();
  }
  const { run, topics, cleanup } = await createRunTopics(brokers, TOPIC_PREFIX, "bench-baselines");
  step(`database ${database}, topics ${run}*`);
  return {
    source,
    databaseUrl,
    brokers,
    topics,
    groups: uniqueGroupIds((id) => `${run}${id}`),
    cleanup,
  };
}

/** The services started, running. */
export interface RunningServices {
  edgeUrl: string;
  pids: Partial<Record<ServiceName, number>>;
  /** SIGTERM to each (the edge first); SIGKILL after 20 s. Profiles are written on exit. */
  stop(): Promise<void>;
}

/**
 * Starts the job service and the edge, or with `whole` every service of `deno task dev`;
 * with `profileDir`, the edge and the job service under `--cpu-prof` writing to
 * `<profileDir>/<service>/`. Resolves once the edge's /readyz answers 200. Their output goes
 * to `<logDir>/<service>.log`.
 */
export async function startServices(
  stack: Stack,
  opts: { logDir: string; profileDir?: string; whole?: boolean },
): Promise<RunningServices> {
  const flags = Object.fromEntries(
    MEASURED_SERVICES.map((name) => [name, [
      "--cpu-prof",
      `--cpu-prof-dir=${opts.profileDir}/${name}`,
    ]]),
  );
  const { edgeUrl, services } = await startRunningSystem({
    ...stack,
    urlOf: (name) => {
      const { role } = SERVICES.find((s) => s.name === name)!;
      return urlAs(stack.databaseUrl, loginOf(role));
    },
  }, {
    logDir: opts.logDir,
    names: opts.whole ? undefined : MEASURED_SERVICES,
    flags: opts.profileDir ? flags : {},
    cwd: stack.source,
  });
  step(`${Object.keys(services.pids).join(", ")} running; edge on ${edgeUrl}`);
  return { edgeUrl, pids: services.pids, stop: services.stop };
}

/** Creates one job, retrying while the job service joins its group (503s meanwhile). */
export async function firstCreate(edgeUrl: string, apiKey: string): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      await createOneJob(edgeUrl, apiKey, jobBody("Baselines smoke test"));
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** The .cpuprofile files `startServices` had written to `<profileDir>/<service>/`. */
export async function profilesOf(
  profileDir: string,
): Promise<Partial<Record<MeasuredService, string>>> {
  const found: Partial<Record<MeasuredService, string>> = {};
  for (const name of MEASURED_SERVICES) {
    try {
      for await (const e of Deno.readDir(`${profileDir}/${name}`)) {
        if (e.name.endsWith(".cpuprofile")) found[name] = `${profileDir}/${name}/${e.name}`;
      }
    } catch { /* no profile written */ }
  }
  return found;
}

/**
 * What product code is measured: a hash of the files of these folders of `source`, and its
 * newest change.
 */
export async function sourceState(
  source = ROOT,
  folders: readonly string[] = ["services/edge", "services/job", "shared"],
): Promise<{ sha256: string; files: number; newest_change: string }> {
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for await (const e of Deno.readDir(`${source}${dir}`)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (e.isFile) files.push(path);
    }
  };
  for (const f of folders) await walk(f);
  files.sort();
  let newest = 0;
  const parts: Uint8Array[] = [];
  const enc = new TextEncoder();
  for (const path of files) {
    const stat = await Deno.stat(`${source}${path}`);
    newest = Math.max(newest, stat.mtime?.getTime() ?? 0);
    parts.push(enc.encode(`${path}\0`), await Deno.readFile(`${source}${path}`), enc.encode("\0"));
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  return {
    sha256: hex.slice(0, 16),
    files: files.length,
    newest_change: new Date(newest).toISOString(),
  };
}
