/** Loopback ports for servers a test or a benchmark starts. */

/** A loopback port nothing listens on now (until the caller starts something there). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/**
 * A loopback port where it and the `count - 1` ports after it are free now, chosen below the
 * kernel's range for outgoing connections' ports. A server that takes seconds to start (a
 * Kafka broker's JVM) on a port from that range can find it taken meanwhile by a connection
 * another test opened, and a local broker's controller listens on the port after its own.
 */
export function freePortRun(count: number): number {
  const [lowest] = Deno.readTextFileSync("/proc/sys/net/ipv4/ip_local_port_range").trim()
    .split(/\s+/).map(Number);
  const top = (lowest ?? 32768) - count;
  for (let tries = 0; tries < 100; tries++) {
    const first = 10_000 + Math.floor(Math.random() * (top - 10_000));
    const ports = Array.from({ length: count }, (_, i) => first + i);
    if (ports.every(isFree)) return first;
  }
  throw new Error(`no ${count} free ports in a row below ${top + count}`);
}

function isFree(port: number): boolean {
  try {
    Deno.listen({ hostname: "127.0.0.1", port }).close();
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.AddrInUse) return false;
    throw err;
  }
}
