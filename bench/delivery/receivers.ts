/**
 * The webhook receivers of the delivery benchmark, in a process of their own (as partners'
 * endpoints are elsewhere): `count` bare Hono handlers on loopback HTTPS (the test CA's
 * certificate), one port each, as different partners' endpoints are on different hosts.
 * Every request is answered 200 `ok` once its body is read, but on a path starting with
 * `/slow`, which answers after `slowMs` (longer than the service's timeout). The receivers
 * are thus also the run's bare Hono yardstick: what they answer a bare client is the ceiling.
 *
 * Run as `deno run -A bench/delivery/receivers.ts <count> <slowMs>` with the PEM certificate
 * and key in `BENCH_RECEIVER_CERT_PEM` and `BENCH_RECEIVER_KEY_PEM`. The first line of output
 * is the ports as JSON; each line after it is one arrival, `<port> <path> <event id>
 * <Date.now() at arrival>`, written in batches so that the receivers' own cost stays small.
 * @module
 */
import { Hono } from "hono";
import { testCertificates } from "@hire/testing/test_ca.ts";
import { ROOT } from "../common/proc.ts";
import type { Arrival } from "./tally.ts";

const CERT_VAR = "BENCH_RECEIVER_CERT_PEM";
const KEY_VAR = "BENCH_RECEIVER_KEY_PEM";

/** The arrival line of one request (an event id of "" when the body is not an envelope). */
export function arrivalLine(port: number, path: string, body: string, at: number): string {
  let id = "";
  try {
    id = String(JSON.parse(body).id ?? "");
  } catch { /* not an envelope: matches no event */ }
  return `${port} ${path} ${id || "-"} ${at}`;
}

/** The arrival of an {@link arrivalLine}, labelled `<port><path>` as the fleet's webhooks. */
export function parseArrival(line: string): Arrival | undefined {
  const [port, path, id, at] = line.split(" ");
  if (at === undefined) return undefined;
  return { webhook: `${port}${path}`, eventId: id === "-" ? "" : id!, receivedAt: Number(at) };
}

/** The receivers' process, running. */
export interface ReceiversProcess {
  ports: number[];
  pid: number;
  /** Every arrival so far, in the order the lines came. */
  arrivals(): readonly Arrival[];
  stop(): Promise<void>;
}

/** Starts the receivers' process and follows its arrivals. */
export async function startReceiversProcess(
  opts: { count: number; slowMs: number },
): Promise<ReceiversProcess> {
  // The certificate of this process's test CA, which the service is told to trust.
  const { certPem, keyPem } = await testCertificates();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "bench/delivery/receivers.ts", String(opts.count), String(opts.slowMs)],
    cwd: ROOT,
    env: { [CERT_VAR]: certPem, [KEY_VAR]: keyPem },
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const arrivals: Arrival[] = [];
  let buffered = "";
  let ports: number[] | undefined;
  let announced: (p: number[]) => void = () => {};
  const portsKnown = new Promise<number[]>((resolve) => (announced = resolve));
  const reading = (async () => {
    for (;;) {
      const { value, done } = await lines.read();
      if (done) return;
      buffered += value;
      const parts = buffered.split("\n");
      buffered = parts.pop()!;
      for (const line of parts) {
        if (!ports) {
          ports = JSON.parse(line) as number[];
          announced(ports);
          continue;
        }
        const a = parseArrival(line);
        if (a) arrivals.push(a);
      }
    }
  })();
  const known = await Promise.race([portsKnown, reading.then(() => undefined)]);
  if (!known) throw new Error("bench/delivery/receivers.ts exited before listening");
  return {
    ports: known,
    pid: child.pid,
    arrivals: () => arrivals,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await reading.catch(() => {});
    },
  };
}

if (import.meta.main) {
  const count = Number(Deno.args[0]);
  const slowMs = Number(Deno.args[1]);
  const certPem = Deno.env.get(CERT_VAR)!;
  const keyPem = Deno.env.get(KEY_VAR)!;
  const encoder = new TextEncoder();
  let pending: string[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const text = pending.join("\n") + "\n";
    pending = [];
    const bytes = encoder.encode(text);
    for (let at = 0; at < bytes.length;) at += await Deno.stdout.write(bytes.subarray(at));
  };
  let flushing = Promise.resolve();
  const timer = setInterval(() => (flushing = flushing.then(flush)), 50);
  const servers = [];
  for (let i = 0; i < count; i++) {
    const app = new Hono();
    servers.push(Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      cert: certPem,
      key: keyPem,
      onListen: () => {},
    }, (req, info) => app.fetch(req, info)));
    const port = servers.at(-1)!.addr.port;
    app.post("*", async (c) => {
      const at = Date.now();
      const body = await c.req.text();
      pending.push(arrivalLine(port, c.req.path, body, at));
      if (c.req.path.startsWith("/slow")) await new Promise((r) => setTimeout(r, slowMs));
      return c.text("ok");
    });
  }
  console.log(JSON.stringify(servers.map((s) => s.addr.port)));
  Deno.addSignalListener("SIGTERM", async () => {
    clearInterval(timer);
    await flushing.then(flush);
    Deno.exit(0);
  });
}
