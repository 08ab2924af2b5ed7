/**
 * A server of a benchmark in a process of its own: a Deno script that listens on a free
 * loopback port and prints that port on its first line of output (the bare Hono yardsticks,
 * the console, the minimal handlers of the baselines).
 * @module
 */
import { ROOT, step } from "./proc.ts";

/** A running server process. */
export interface ServeProcess {
  url: string;
  pid: number;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * Runs `deno run -A <script> <args…>` from the repository's root with `env` added to this
 * process's environment, and resolves once it has printed its port.
 */
export async function startServeProcess(opts: {
  /** Script path relative to the repository's root. */
  script: string;
  args?: string[];
  env?: Record<string, string>;
  /** For the progress line, e.g. `bare Hono handler`. */
  name: string;
}): Promise<ServeProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", opts.script, ...opts.args ?? []],
    cwd: ROOT,
    env: opts.env,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${opts.script} exited before listening`);
    out += value;
  }
  const port = Number(out.trim());
  step(`${opts.name} (pid ${child.pid}) on port ${port}`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await reader.cancel().catch(() => {});
      await child.status;
    },
  };
}
