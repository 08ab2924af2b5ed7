/**
 * The console under measurement, in a process of its own: built as the console's tests build
 * it (`@hire/testing/console_app.ts`: `createApp` on DATABASE_URL as the console's role),
 * with the per-client page limit lifted (every request of the benchmark comes from one
 * address), served by `Deno.serve` on a free port, which it prints.
 *
 * Run as `DATABASE_URL=… deno run -A bench/console/serve_console.ts`; ends on SIGTERM.
 * @module
 */
import { type ServeProcess, startServeProcess } from "../common/serve_process.ts";

/** A running console. */
export type ConsoleProcess = ServeProcess;

/** Starts the console on `databaseUrl` in its own process. */
export async function startConsole(databaseUrl: string): Promise<ConsoleProcess> {
  return await startServeProcess({
    script: "bench/console/serve_console.ts",
    env: { DATABASE_URL: databaseUrl, LOG_LEVEL: "error" },
    name: "console",
  });
}

if (import.meta.main) {
  // Imported here only: the test console reads DATABASE_URL when it is loaded.
  const { startTestConsole } = await import("@hire/testing/console_app.ts");
  const tc = await startTestConsole({ rateLimitPerMinute: 1_000_000_000 });
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => console.log(port),
  }, tc.app.fetch);
  Deno.addSignalListener("SIGTERM", async () => {
    await server.shutdown();
    await tc.stop();
    Deno.exit(0);
  });
}
