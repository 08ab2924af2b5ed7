/**
 * `deno task bench:keep <task> <label> "<what the run was>"`: keeps the last run of a
 * benchmark as `bench/results/<task>-<label>.md` and `.json` (its profiles as
 * `profiles/<task>-<label>-<part>.cpuprofile.gz`), then puts `<task>.md` and
 * `<task>-<date>.json` back as git has them at HEAD (or removes them where git has none).
 * See `keep_run.ts`.
 * @module
 */
import { commandOutput, datedJsonName, RESULTS_DIR, runBenchmark, step } from "../common/proc.ts";
import {
  datedJsonDate,
  datedProfiles,
  type KeepRequest,
  keepRequest,
  keptMarkdown,
  keptProfile,
  renamed,
} from "./keep_run.ts";

const exists = (url: URL) => Deno.stat(url).then(() => true, () => false);

/** `git` in `dir`'s checkout. */
const git = (dir: URL, args: string[]) => commandOutput("git", args, { cwd: dir.pathname });

/** Moves a profile to `to`, gzipping it on the way unless it already is. */
async function moveProfile(from: URL, to: URL): Promise<void> {
  // pipeTo closes both files.
  const source = await Deno.open(from);
  const dest = await Deno.open(to, { write: true, createNew: true });
  const stream = from.pathname.endsWith(".gz")
    ? source.readable
    : source.readable.pipeThrough(new CompressionStream("gzip"));
  await stream.pipeTo(dest.writable);
  await Deno.remove(from);
}

/** Each path as git has it at HEAD; removed where git does not track it. */
async function restore(dir: URL, paths: string[]): Promise<void> {
  for (const path of paths) {
    if (!(await git(dir, ["ls-files", "--error-unmatch", "--", path])).success) {
      await Deno.remove(path);
      continue;
    }
    const out = await git(dir, ["checkout", "HEAD", "--", path]);
    if (!out.success) throw new Error(`git checkout ${path}: ${out.stderr}`);
  }
}

/**
 * Writes the kept copies of the last `r.task` run in `dir` (a folder of a git checkout) and
 * puts the canonical pair back; returns the paths written. Refuses a `<task>.md` as
 * committed (no new run to keep), a label kept before, and a run whose profiles are not all
 * there, before it moves anything.
 */
export async function keepRun(r: KeepRequest, dir: URL): Promise<string[]> {
  const mdUrl = new URL(`${r.task}.md`, dir);
  const status = await git(dir, ["status", "--porcelain", "--", mdUrl.pathname]);
  if (!status.success) throw new Error(`git status: ${status.stderr}`);
  if (status.stdout.trim() === "") {
    throw new Error(`${r.task}.md is as committed: run the benchmark first`);
  }
  const markdown = await Deno.readTextFile(mdUrl);
  const date = datedJsonDate(markdown, r.task);
  const jsonUrl = new URL(datedJsonName(r.task, date), dir);
  const json = await Deno.readTextFile(jsonUrl);
  const keptMd = new URL(`${r.task}-${r.label}.md`, dir);
  const keptJson = new URL(`${r.task}-${r.label}.json`, dir);
  for (const url of [keptMd, keptJson]) {
    if (await exists(url)) throw new Error(`${url.pathname} exists: choose another label`);
  }
  const moves: { from: URL; to: URL }[] = [];
  for (const part of datedProfiles(markdown + json, r.task, date)) {
    const name = `profiles/${r.task}-${date}-${part}.cpuprofile`;
    const [plain, gzipped] = [new URL(name, dir), new URL(`${name}.gz`, dir)];
    const from = await exists(plain) ? plain : gzipped;
    if (!await exists(from)) throw new Error(`${r.task}.md names ${name}, which is not there`);
    moves.push({ from, to: new URL(keptProfile(r, part), dir) });
  }
  for (const { from, to } of moves) await moveProfile(from, to);
  await Deno.writeTextFile(keptMd, keptMarkdown(markdown, r, date));
  await Deno.writeTextFile(keptJson, renamed(json, r, date));
  await restore(dir, [mdUrl.pathname, jsonUrl.pathname]);
  return [keptMd.pathname, keptJson.pathname, ...moves.map((m) => m.to.pathname)];
}

if (import.meta.main) {
  await runBenchmark(async () => {
    const r = keepRequest(Deno.args);
    const paths = await keepRun(r, RESULTS_DIR);
    step(`kept ${r.task} as ${paths.join(", ")}; ${r.task}.md put back`);
  });
}
