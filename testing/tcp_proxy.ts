/** A loopback TCP proxy a test can cut, to make a real server unreachable for one client. */

/** A running proxy. */
export interface TcpProxy {
  port: number;
  /** Closes every connection and stops accepting new ones. */
  cut(): void;
}

/**
 * Forwards 127.0.0.1:<port> to `target`; on `opts.port` when given (a client already pointed
 * there finds the server reachable from then on), else on a free port.
 */
export function startTcpProxy(
  target: { hostname: string; port: number },
  opts: { port?: number } = {},
): TcpProxy {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: opts.port ?? 0 });
  const open = new Set<Deno.Conn>();
  const pipe = async (from: Deno.Conn, to: Deno.Conn) => {
    try {
      await from.readable.pipeTo(to.writable);
    } catch { /* cut or closed by the peer */ }
    for (const c of [from, to]) {
      try {
        c.close();
      } catch { /* already closed */ }
      open.delete(c);
    }
  };
  (async () => {
    try {
      for await (const client of listener) {
        const server = await Deno.connect(target);
        open.add(client);
        open.add(server);
        pipe(client, server);
        pipe(server, client);
      }
    } catch { /* listener closed */ }
  })();
  return {
    port: (listener.addr as Deno.NetAddr).port,
    cut() {
      try {
        listener.close();
      } catch { /* already closed */ }
      for (const c of open) {
        try {
          c.close();
        } catch { /* already closed */ }
      }
      open.clear();
    },
  };
}
