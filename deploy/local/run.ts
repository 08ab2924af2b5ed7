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
  intervalMs = 500,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
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

/** Which of `packages` Debian's package manager does not have installed. */
export async function missingPackages(packages: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const pkg of packages) {
    const out = await new Deno.Command("dpkg-query", {
      args: ["-W", "-f=${Status}", pkg],
      stdout: "piped",
      stderr: "null",
    }).output().catch(() => undefined);
    const installed = out?.success &&
      new TextDecoder().decode(out.stdout) === "install ok installed";
    if (!installed) missing.push(pkg);
  }
  return missing;
}

/**
 * Installs Debian packages, asking no questions (CI has no terminal). When the install fails,
 * apt's lists are updated and it is tried once more: an old list may name versions the mirror
 * no longer has, and a fresh machine may have no lists at all. Pass only missing packages:
 * installing an installed one would also upgrade it.
 */
export async function aptInstall(packages: readonly string[]): Promise<void> {
  const apt = (args: string[]) =>
    run("env", ["DEBIAN_FRONTEND=noninteractive", "apt-get", ...args]);
  const install = ["install", "-y", "-q", "--no-install-recommends", ...packages];
  try {
    await apt(install);
  } catch {
    step("apt-get install failed; updating package lists and trying again");
    await apt(["update", "-q"]);
    await apt(install);
  }
}
