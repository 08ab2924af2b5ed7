/**
 * Makes sure the Postgres server of DATABASE_URL offers the pgvector extension. When it does
 * not, and the server is this Debian machine run as root, pgvector is built from Debian's own
 * source package and installed into the server's extension directory.
 *
 * Why a build: Debian bookworm (PostgreSQL 15) packages no pgvector; trixie's
 * postgresql-17-pgvector is built for PostgreSQL 17. The source package is the same upstream
 * tarball, fetched through apt's signed indexes and checked here against a pinned hash.
 *
 * Run alone: `deno run -A deploy/local/pgvector.ts` (uses DATABASE_URL or the local default).
 */
import { connect } from "@hire/db";
import { DEFAULT_DATABASE_URL } from "./postgres.ts";
import { aptInstall, has, missingPackages, step } from "./run.ts";

/** The upstream tarball of Debian trixie's source package pgvector 0.8.0-1. */
const ORIG_TARBALL = "pgvector_0.8.0.orig.tar.gz";
// SHA-256 computed on 2026-11-22 from the file apt-get source fetched, and equal to the
// Checksums-Sha256 line of the signed pgvector_0.8.0-1.dsc. If trixie moves to a newer
// pgvector, the download no longer matches and the build stops here: review the new
// version, then update both constants.
const ORIG_SHA256 = "867a2c328d4928a5a9d6f052cd3bc78c7d60228a9b914ad32aa3db88e9de27b0";
const SOURCE_LINE = "deb-src http://deb.debian.org/debian trixie main";

/** Resolves once the server of `databaseUrl` offers `CREATE EXTENSION vector`. */
export async function ensurePgvector(databaseUrl: string): Promise<void> {
  const { available, major } = await inspect(databaseUrl);
  if (available) return;
  const host = new URL(databaseUrl).hostname;
  if (!isLocal(host) || Deno.uid() !== 0 || !await isDebian()) {
    throw new Error(
      `The Postgres server at ${host} does not offer the pgvector extension (0.8 or later is ` +
        `needed for iterative index scans). Install it on that server: the ` +
        `postgresql-${major}-pgvector package where your distribution has one (Debian trixie, ` +
        `PGDG apt repository), the pgvector/pgvector Docker image, or a build from source ` +
        `(https://github.com/pgvector/pgvector#installation); on this machine as root, ` +
        `deno run -A deploy/local/pgvector.ts builds it.`,
    );
  }
  step(`pgvector is missing on PostgreSQL ${major}: building it from Debian's source package`);
  const work = await Deno.makeTempDir({ prefix: "pgvector-" });
  try {
    await installBuildDependencies(major);
    const source = await fetchSource(work);
    await build(source, major, { install: true });
  } finally {
    await Deno.remove(work, { recursive: true });
  }
  if (!(await inspect(databaseUrl)).available) {
    throw new Error("pgvector was installed but the server still does not offer it");
  }
  step("pgvector installed");
}

async function inspect(url: string): Promise<{ available: boolean; major: number }> {
  // The maintenance database: the target database may not exist yet.
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const sql = connect(admin.toString(), { max: 1, name: "infra" });
  try {
    const [ext] = await sql`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`;
    const [ver] = await sql<{ v: string }[]>`SELECT current_setting('server_version_num') AS v`;
    return { available: Boolean(ext), major: Math.floor(Number(ver!.v) / 10_000) };
  } finally {
    await sql.end();
  }
}

function isLocal(hostname: string): boolean {
  return ["127.0.0.1", "localhost", "[::1]"].includes(hostname);
}

async function isDebian(): Promise<boolean> {
  const debian = await Deno.stat("/etc/debian_version").then(() => true, () => false);
  return debian && await has("apt-get");
}

/** Installs the server headers and the compiler if missing, updating apt's lists if needed. */
async function installBuildDependencies(major: number): Promise<void> {
  const missing = await missingPackages([`postgresql-server-dev-${major}`, "build-essential"]);
  if (!missing.length) return;
  step(`installing ${missing.join(", ")}`);
  await aptInstall(missing);
}

/**
 * Downloads the source package into `work` with a throw-away sources list (never added to
 * the system's) and unpacks the verified upstream tarball. Returns the source directory.
 */
export async function fetchSource(work: string): Promise<string> {
  const list = `${work}/src.list`;
  await Deno.writeTextFile(list, `${SOURCE_LINE}\n`);
  const only = ["-o", `Dir::Etc::sourcelist=${list}`, "-o", "Dir::Etc::sourceparts=-"];
  step("fetching the pgvector source package from Debian trixie");
  // List-Cleanup=0 keeps apt from deleting the system's own lists, which this sources
  // list does not mention.
  await sh("apt-get", ["update", "-q", ...only, "-o", "APT::Get::List-Cleanup=0"]);
  await sh("apt-get", ["source", "--download-only", "-q", ...only, "pgvector"], { cwd: work });
  const tarball = `${work}/${ORIG_TARBALL}`;
  const digest = await sha256(tarball).catch(() => "(missing)");
  if (digest !== ORIG_SHA256) {
    throw new Error(
      `${ORIG_TARBALL} has SHA-256 ${digest}, expected ${ORIG_SHA256}; Debian's pgvector ` +
        `source may have moved to another version (see ${import.meta.url})`,
    );
  }
  step(`verified ${ORIG_TARBALL} (sha256 ${ORIG_SHA256.slice(0, 12)}…)`);
  await sh("tar", ["-xzf", tarball, "-C", work]);
  return `${work}/pgvector-0.8.0`;
}

/** Compiles pgvector in `source` for PostgreSQL `major`; installs it when asked. */
export async function build(
  source: string,
  major: number,
  opts: { install: boolean },
): Promise<void> {
  // OPTFLAGS="" drops the Makefile's -march=native, so the library runs on any x86-64 (or
  // arm64) machine, not only on CPUs like the one that built it.
  const args = [`PG_CONFIG=/usr/lib/postgresql/${major}/bin/pg_config`, "OPTFLAGS="];
  step(`compiling pgvector for PostgreSQL ${major}`);
  await sh("make", args, { cwd: source });
  if (!opts.install) return;
  step("installing pgvector into the server's extension directory");
  await sh("make", ["install", ...args], { cwd: source });
}

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Runs a command non-interactively; throws with its output when it fails. */
async function sh(cmd: string, args: string[], opts: { cwd?: string } = {}): Promise<void> {
  const out = await new Deno.Command(cmd, {
    args,
    cwd: opts.cwd,
    env: { DEBIAN_FRONTEND: "noninteractive" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    throw new Error(`${cmd} ${args.join(" ")} failed (${out.code}):\n${text.slice(-4000)}`);
  }
}

if (import.meta.main) {
  await ensurePgvector(Deno.env.get("DATABASE_URL") ?? DEFAULT_DATABASE_URL);
}
