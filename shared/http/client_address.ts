/**
 * The address a request came from, for limits per client.
 * @module
 */
import type { Context } from "hono";

/**
 * The client's address: the socket's peer, or, when `trustProxy`, the last hop of
 * `X-Forwarded-For` (the one the trusted proxy appended; earlier hops are whatever the
 * client wrote). Without a proxy the header is ignored, since any client can send it.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = c.req.header("X-Forwarded-For")?.split(",").map((h) => h.trim()).filter(Boolean);
    const last = hops?.at(-1);
    if (last) return last;
  }
  // What Hono's Deno `getConnInfo` reads (Deno.serve's handler info), without its throw when
  // there is none: `app.request()` in tests has no socket.
  const info = c.env as { remoteAddr?: Deno.NetAddr } | undefined;
  return info?.remoteAddr?.hostname ?? "unknown";
}
