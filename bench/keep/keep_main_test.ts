import assert from "node:assert/strict";
import { keepRun } from "./keep_main.ts";

const COMMITTED_MD = "# Starvation\n\nRaw figures: `starvation-2026-11-30.json`.\n";
const MD = `# Starvation

Raw figures: \`starvation-2026-12-01.json\`. Profile: \`profiles/starvation-2026-12-01-deliver.cpuprofile\`.
`;
const JSON_TEXT = `{"profile": "profiles/starvation-2026-12-01-deliver.cpuprofile"}\n`;
const PROFILE = '{"nodes":[]}';
const request = { task: "starvation", label: "split", note: "split placement." };

async function git(dir: URL, ...args: string[]) {
  const out = await new Deno.Command("git", { args, cwd: dir.pathname, stdout: "null" }).output();
  assert.ok(out.success, `git ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
}

/** A checkout whose results folder holds a committed report and, over it, a new run's. */
async function resultsDir(opts: { run?: boolean } = {}): Promise<URL> {
  const dir = new URL(`file://${await Deno.makeTempDir()}/`);
  await git(dir, "init", "-q");
  await Deno.writeTextFile(new URL("starvation.md", dir), COMMITTED_MD);
  await git(dir, "add", "starvation.md");
  await git(dir, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "c");
  if (opts.run === false) return dir;
  await Deno.mkdir(new URL("profiles/", dir));
  await Deno.writeTextFile(new URL("starvation.md", dir), MD);
  await Deno.writeTextFile(new URL("starvation-2026-12-01.json", dir), JSON_TEXT);
  await Deno.writeTextFile(
    new URL("profiles/starvation-2026-12-01-deliver.cpuprofile", dir),
    PROFILE,
  );
  return dir;
}

/** `fn` on a results folder of a checkout of its own, removed afterwards. */
async function withResultsDir(fn: (dir: URL) => Promise<void>, opts: { run?: boolean } = {}) {
  const dir = await resultsDir(opts);
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const gunzip = async (url: URL) =>
  await new Response((await Deno.open(url)).readable.pipeThrough(new DecompressionStream("gzip")))
    .text();

Deno.test("keepRun writes the named copies, gzips the profile and puts the committed report back", () =>
  withResultsDir(async (dir) => {
    const at = (name: string) => new URL(name, dir);
    const paths = await keepRun(request, dir);
    assert.deepEqual(paths, [
      at("starvation-split.md").pathname,
      at("starvation-split.json").pathname,
      at("profiles/starvation-split-deliver.cpuprofile.gz").pathname,
    ]);
    const md = await Deno.readTextFile(at("starvation-split.md"));
    assert.match(
      md,
      /^# Starvation\n\n\*\*This run:\*\* split placement\.\n\nRaw figures: `starvation-split\.json`/,
    );
    assert.match(md, /profiles\/starvation-split-deliver\.cpuprofile\.gz/);
    assert.equal(
      await Deno.readTextFile(at("starvation-split.json")),
      `{"profile": "profiles/starvation-split-deliver.cpuprofile.gz"}\n`,
    );
    assert.equal(await gunzip(at("profiles/starvation-split-deliver.cpuprofile.gz")), PROFILE);
    await assert.rejects(Deno.stat(at("profiles/starvation-2026-12-01-deliver.cpuprofile")));
    assert.equal(await Deno.readTextFile(at("starvation.md")), COMMITTED_MD, "the tracked report");
    await assert.rejects(Deno.stat(at("starvation-2026-12-01.json")), "the untracked figures");
  }));

Deno.test("keepRun refuses a report as committed: there is no new run", () =>
  withResultsDir(async (dir) => {
    await assert.rejects(keepRun(request, dir), /starvation\.md is as committed/);
    await assert.rejects(Deno.stat(new URL("starvation-split.md", dir)));
  }, { run: false }));

Deno.test("keepRun refuses to replace a kept run, and moves nothing then", () =>
  withResultsDir(async (dir) => {
    await Deno.writeTextFile(new URL("starvation-split.md", dir), "kept before\n");
    await assert.rejects(keepRun(request, dir), /starvation-split\.md exists/);
    assert.equal(await Deno.readTextFile(new URL("starvation-split.md", dir)), "kept before\n");
    assert.equal(await Deno.readTextFile(new URL("starvation.md", dir)), MD);
    await Deno.stat(new URL("profiles/starvation-2026-12-01-deliver.cpuprofile", dir));
  }));

Deno.test("keepRun stops before moving anything when a named profile is missing", () =>
  withResultsDir(async (dir) => {
    await Deno.remove(new URL("profiles/starvation-2026-12-01-deliver.cpuprofile", dir));
    await assert.rejects(
      keepRun(request, dir),
      /names profiles\/starvation-2026-12-01-deliver\.cpuprofile, which is not there/,
    );
    await assert.rejects(Deno.stat(new URL("starvation-split.md", dir)));
    assert.equal(await Deno.readTextFile(new URL("starvation.md", dir)), MD);
  }));
