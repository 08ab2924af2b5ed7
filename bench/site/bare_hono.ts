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
import { step } from "../common/proc.ts";
import { type ServeProcess, startServeProcess } from "../common/serve_process.ts";

/** A running bare handler. */
export type BareHono = ServeProcess;

/** Starts the bare handler in its own process, serving `html` at `/`. */
export async function startBareHono(html: string): Promise<BareHono> {
  const file = await Deno.makeTempFile({ prefix: "bench-bare-", suffix: ".html" });
  await Deno.writeTextFile(file, html);
  const server = await startServeProcess({
    script: "bench/site/bare_hono.ts",
    args: [file],
    name: "bare Hono handler",
  });
  step(`bare Hono handler serves ${html.length} characters`);
  return {
    ...server,
    async stop() {
      await server.stop();
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
