/**
 * `/metrics` over HTTP for a scraper, for the worker services that serve nothing else. The
 * edge and the public site, which serve HTTP already, can mount {@link metricsHandler}.
 * @module
 */
import type { Logger } from "@hire/log";
import { EXPOSITION_CONTENT_TYPE } from "./exposition.ts";
import type { Registry } from "./registry.ts";

/** Answers `GET /metrics` with the registry's metrics; any other path is 404. */
export function metricsHandler(registry: Registry): (req: Request) => Response {
  return (req) => {
    if (new URL(req.url).pathname !== "/metrics") {
      return new Response("not found\n", { status: 404 });
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      return new Response("method not allowed\n", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    return new Response(req.method === "HEAD" ? null : registry.render(), {
      headers: { "content-type": EXPOSITION_CONTENT_TYPE, "cache-control": "no-store" },
    });
  };
}

/** A `/metrics` server, or none. */
export interface MetricsServer {
  /** The port it listens on; undefined when it does not serve. */
  port?: number;
  stop(): Promise<void>;
}

/**
 * Serves `/metrics` on `port` at `hostname`; with no port (`METRICS_PORT` unset) serves
 * nothing, so a service's `main.ts` calls it either way.
 */
export function serveMetrics(
  registry: Registry,
  opts: { port: number | undefined; hostname: string; log: Logger },
): MetricsServer {
  if (opts.port === undefined) return { stop: () => Promise.resolve() };
  const server = Deno.serve({
    port: opts.port,
    hostname: opts.hostname,
    onListen: ({ port }) => opts.log.info("metrics served", { hostname: opts.hostname, port }),
  }, metricsHandler(registry));
  return { port: server.addr.port, stop: () => server.shutdown() };
}
