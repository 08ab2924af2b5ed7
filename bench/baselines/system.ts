/**
 * Our system as the baselines measure it: the edge and the job service only, each a
 * `deno run -A <entry>` process of its own as `deno task dev` runs them (logged in as its
 * own Postgres role, plan limits lifted as in every benchmark), on a database made afresh
 * for the run and on topics and a consumer group of the run's own on the running broker, so
 * that no other stack's commands or backlog reach it. Optionally under `--cpu-prof`.
 * @module
 */
import { connect } from "@hire/db";
import { createKafka, ensureTopics } from "@hire/kafka";
import { DEFAULT_RUNGS, topicSpecs } from "@hire/topology";
import { ensureLogins, loginOf, urlAs } from "../../deploy/local/db_logins.ts";
import { LOCAL_BROKER } from "../../deploy/local/kafka.ts";
import { DEFAULT_DATABASE_URL, ensureDatabase } from "../../deploy/local/postgres.ts";
import { SERVICES } from "../../deploy/local/services.ts";
import { freshDatabase } from "../common/fresh_database.ts";
import { commandOutput, ROOT, step } from "../common/proc.ts";
import { isReady, LIFTED_PLAN_LIMITS, tail } from "../common/system.ts";

/** Every topic and group of a run starts with this; leftovers of a failed run are deleted. */
export const TOPIC_PREFIX = "bench.baselines.";

/** The services measured, in start order. */
export const MEASURED_SERVICES = ["job", "edge"] as const;
/** One of them. */
export type MeasuredService = typeof MEASURED_SERVICES[number];

/** The database, broker, topics and group the run's services share. */
export interface Stack {
  /** The tree the services run from (with a trailing slash). */
  source: string;
  databaseUrl: string;
  brokers: string;
  /** Topic variables and the run's names for them. */
  topics: Record<"TOPIC_JOBS_COMMANDS" | "TOPIC_JOBS_EVENTS" | "TOPIC_JOBS_CHANGED", string>;
  groupId: string;
  /** Deletes the run's topics. */
  cleanup(): Promise<void>;
}

/** A free loopback port, for the edge. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
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
    const roles = SERVICES.filter((s) => (MEASURED_SERVICES as readonly string[]).includes(s.name));
    await ensureLogins(owner, roles.map(({ role }) => ({ role })));
  } finally {
    await owner.end();
  }
  const run = `${TOPIC_PREFIX}${Date.now().toString(36)}.`;
  const topics = {
    TOPIC_JOBS_COMMANDS: `${run}jobs.commands`,
    TOPIC_JOBS_EVENTS: `${run}jobs.events.v1`,
    TOPIC_JOBS_CHANGED: `${run}jobs.changed`,
  };
  const admin = createKafka({ brokers: brokers.split(","), clientId: "bench-baselines" }).admin();
  await admin.connect();
  try {
    const leftovers = (await admin.listTopics()).filter((t) => t.startsWith(TOPIC_PREFIX));
    if (leftovers.length) await admin.deleteTopics({ topics: leftovers });
    // The declared partitions and settings, as production has them.
    await ensureTopics(admin, topicSpecs(topics, DEFAULT_RUNGS));
  } finally {
    await admin.disconnect();
  }
  step(`database ${database}, topics ${run}*`);
  return {
    source,
    databaseUrl,
    brokers,
    topics,
    groupId: `${run}job-service`,
    async cleanup() {
      const admin = createKafka({ brokers: brokers.split(","), clientId: "bench-baselines" })
        .admin();
      await admin.connect();
      try {
        await admin.deleteTopics({ topics: Object.values(topics) });
      } finally {
        await admin.disconnect();
      }
    },
  };
}

/** The edge and the job service, running. */
export interface RunningServices {
  edgeUrl: string;
  pids: Record<MeasuredService, number>;
  /** SIGTERM to both (the edge first); SIGKILL after 20 s. Profiles are written on exit. */
  stop(): Promise<void>;
}

/**
 * Starts the job service and the edge; with `profileDir`, each under `--cpu-prof` writing to
 * `<profileDir>/<service>/`. Resolves once the edge's /readyz answers 200. Their output goes
 * to `<logDir>/<service>.log`.
 */
export async function startServices(
  stack: Stack,
  opts: { logDir: string; profileDir?: string },
): Promise<RunningServices> {
  await Deno.mkdir(opts.logDir, { recursive: true });
  const port = freePort();
  const edgeUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...LIFTED_PLAN_LIMITS,
    ...stack.topics,
    KAFKA_BROKERS: stack.brokers,
    JOB_GROUP_ID: stack.groupId,
    PORT: String(port),
    PUBLIC_BASE_URL: edgeUrl,
  };
  const children = new Map<MeasuredService, Deno.ChildProcess>();
  const logs = new Map<MeasuredService, string>();
  for (const name of MEASURED_SERVICES) {
    const { entry, role } = SERVICES.find((s) => s.name === name)!;
    const profile = opts.profileDir
      ? ["--cpu-prof", `--cpu-prof-dir=${opts.profileDir}/${name}`]
      : [];
    const log = `${opts.logDir}/${name}.log`;
    // One handle per stream (a pipe locks its writable), both appending to the one log.
    const open = () => Deno.open(log, { create: true, append: true });
    const [out, err] = [await open(), await open()];
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", ...profile, entry],
      cwd: stack.source,
      env: { ...env, DATABASE_URL: urlAs(stack.databaseUrl, loginOf(role)) },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    child.stdout.pipeTo(out.writable).catch(() => {});
    child.stderr.pipeTo(err.writable).catch(() => {});
    children.set(name, child);
    logs.set(name, log);
  }
  const exited = new Set<MeasuredService>();
  for (const [name, child] of children) child.status.then(() => exited.add(name));

  const stop = async () => {
    for (const name of [...MEASURED_SERVICES].reverse()) {
      try {
        children.get(name)!.kill("SIGTERM");
      } catch { /* exited already */ }
      const timer = setTimeout(() => {
        try {
          children.get(name)!.kill("SIGKILL");
        } catch { /* exited already */ }
      }, 20_000);
      await children.get(name)!.status;
      clearTimeout(timer);
    }
  };

  const until = Date.now() + 120_000;
  while (!await isReady(edgeUrl)) {
    if (exited.size || Date.now() > until) {
      await stop();
      const why = exited.size ? `${[...exited].join(", ")} exited` : "not ready within 120 s";
      const last = await Promise.all([...logs].map(async ([n, p]) => `--- ${n}\n${await tail(p)}`));
      throw new Error(`edge and job service: ${why}\n${last.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const pids = {
    job: children.get("job")!.pid,
    edge: children.get("edge")!.pid,
  };
  step(`edge (pid ${pids.edge}) on ${edgeUrl}, job service (pid ${pids.job})`);
  return { edgeUrl, pids, stop };
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
