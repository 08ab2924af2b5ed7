/**
 * A webhook endpoint that never answers: a loopback TCP server that accepts connections
 * and holds them without a byte in reply (not even a TLS handshake), as a hung partner
 * server does. Every attempt to it takes the client's full timeout. For tests and
 * benchmarks.
 * @module
 */

/** A running silent server. */
export interface SilentServer {
  port: number;
  /** https://localhost:<port><path> */
  url(path?: string): string;
  /** Connections held now. */
  open(): number;
  /** Most connections held at once so far. */
  maxOpen(): number;
  /** Connections accepted so far. */
  accepted(): number;
  /** Closes every connection (clients see them reset) and stops listening. */
  close(): Promise<void>;
}

/** Starts a silent server on an ephemeral port of 127.0.0.1. */
export function startSilentServer(): SilentServer {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const conns = new Set<Deno.Conn>();
  const draining = new Set<Promise<void>>();
  let maxOpen = 0;
  let accepted = 0;

  // Reads and drops what the client sends, so its writes never block, until it hangs up.
  const hold = async (conn: Deno.Conn) => {
    try {
      await conn.readable.pipeTo(new WritableStream());
    } catch { /* reset by the client, or closed by close() */ }
    conns.delete(conn);
    try {
      conn.close();
    } catch { /* already closed */ }
  };

  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        conns.add(conn);
        accepted++;
        maxOpen = Math.max(maxOpen, conns.size);
        const p = hold(conn).finally(() => draining.delete(p));
        draining.add(p);
      }
    } catch { /* the listener was closed */ }
  })();

  const port = (listener.addr as Deno.NetAddr).port;
  return {
    port,
    url: (path = "/") => `https://localhost:${port}${path}`,
    open: () => conns.size,
    maxOpen: () => maxOpen,
    accepted: () => accepted,
    async close() {
      listener.close();
      await accepting;
      for (const conn of conns) {
        try {
          conn.close();
        } catch { /* the client closed it first */ }
      }
      await Promise.all([...draining]);
    },
  };
}
