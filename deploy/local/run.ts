/** Small process helpers for the local bootstrap scripts. */

/** Runs a command to completion; throws with its output when it fails. */
export async function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string } = {},
): Promise<string> {
  const out = await new Deno.Command(cmd, { args, cwd: opts.cwd, stdout: "piped", stderr: "piped" })
    .output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${cmd} ${args.join(" ")} failed (${out.code}):\n${text}`);
  return text;
}

/** Whether an executable is on PATH. */
export async function has(cmd: string): Promise<boolean> {
  const out = await new Deno.Command("sh", { args: ["-c", `command -v ${cmd}`], stdout: "null" })
    .output();
  return out.success;
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

/** Prints a bootstrap step. */
export function step(msg: string): void {
  console.error(`[infra] ${msg}`);
}

/** The project's root folder and its git-ignored state folder. */
export const ROOT = new URL("../../", import.meta.url).pathname;
export const LOCAL = `${ROOT}.local/`;
