/** Loopback ports for servers a test or a benchmark starts. */

/** A loopback port nothing listens on now (until the caller starts something there). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}
