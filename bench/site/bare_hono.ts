/**
 * The yardstick of the site benchmark: a bare Hono handler answering one fixed HTML page
 * (a real job page's bytes), served by `Deno.serve` in a process of its own on a free
 * port. What the site adds to this (routing, rate limit, Postgres, rendering, ETag, CSP)
 * is the site's cost; what this costs is the runtime's and the loopback's.
 *
 * Run as `deno run -A bench/site/bare_hono.ts <html file>`; prints the port it listens on.
 * @module
 */
import { Hono } from "hono";
import { ROOT, step } from "../common/proc.ts";

/** A running bare handler. */
export interface BareHono {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the bare handler in its own process, serving `html` at `/`. */
export async function startBareHono(html: string): Promise<BareHono> {
  const file = await Deno.makeTempFile({ prefix: "bench-bare-", suffix: ".html" });
  await Deno.writeTextFile(file, html);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/site/bare_hono.ts", file],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("bench/site/bare_hono.ts exited before listening");
    out += value;
  }
  const port = Number(out.trim());
  step(`bare Hono handler (pid ${child.pid}) on port ${port}, ${html.length} characters`);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await reader.cancel().catch(() => {});
      await child.status;
      await Deno.remove(file).catch(() => {});
    },
  };
}

if (import.meta.main) {
  const html = await Deno.readTextFile(Deno.args[0]!);
  const app = new Hono().get("/", (c) => c.html(html));
  Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => console.log(port),
  }, app.fetch);
}
