/**
 * A real HTTPS webhook receiver on loopback, for tests and benchmarks. Its certificate is
 * signed by the test CA in `test_ca.ts`, so clients must trust that CA (`DENO_CERT`).
 * @module
 */
import { testCertificates } from "./test_ca.ts";

/** One request as the receiver saw it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Headers;
  /** The body as text; "" when the receiver was started with `recordBodies: false`. */
  body: string;
  /** `Date.now()` when the request arrived. */
  receivedAt: number;
  /**
   * Aborted when the receiver stops: a slow behaviour passes it to {@link sleep} so that
   * `stop()` does not wait for it.
   */
  signal: AbortSignal;
}

/** How a path answers; `nth` is the 1-based count of requests to this path so far. */
export type ReceiverBehaviour = (
  req: ReceivedRequest,
  nth: number,
) => Response | Promise<Response>;

/** A running receiver. */
export interface Receiver {
  /** https://localhost:<port><path> — also served for 127.0.0.1 */
  url(path?: string): string;
  port: number;
  /** In arrival order, optionally for one path. */
  requests(path?: string): ReceivedRequest[];
  /** Sets how a path answers (default 200 "ok"). */
  on(path: string, behaviour: ReceiverBehaviour): void;
  /**
   * Resolves when at least n requests (optionally to path) arrived, or rejects after
   * timeoutMs (default 15000) with a message saying how many arrived.
   */
  waitFor(n: number, opts?: { path?: string; timeoutMs?: number }): Promise<ReceivedRequest[]>;
  /** Aborts slow behaviours, then shuts the server down. */
  stop(): Promise<void>;
}

/** Resolves after `ms`, or early (without rejecting) when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

const defaultBehaviour: ReceiverBehaviour = () => new Response("ok");

/** Starts a receiver on an ephemeral port of `hostname` (default 127.0.0.1). */
export async function startReceiver(
  opts: { hostname?: string; recordBodies?: boolean } = {},
): Promise<Receiver> {
  const { certPem, keyPem } = await testCertificates();
  const recordBodies = opts.recordBodies ?? true;
  const stopping = new AbortController();
  const received: ReceivedRequest[] = [];
  const countByPath = new Map<string, number>();
  const behaviours = new Map<string, ReceiverBehaviour>();
  const waiters = new Set<() => void>();

  const matching = (path?: string) =>
    path === undefined ? [...received] : received.filter((r) => r.path === path);

  const handler = async (request: Request): Promise<Response> => {
    const receivedAt = Date.now();
    // Only the receiver's own signal: any use of request.signal makes Deno 2.9 print a warning
    // about its legacy abort behaviour, and `info.completed` does not tell a client gone.
    const signal = stopping.signal;
    const path = new URL(request.url).pathname;
    let body = "";
    try {
      if (recordBodies) body = await request.text();
      else await request.body?.pipeTo(new WritableStream());
    } catch {
      return new Response(null, { status: 400 }); // the client went away mid-body
    }
    const req: ReceivedRequest = {
      method: request.method,
      path,
      headers: request.headers,
      body,
      receivedAt,
      signal,
    };
    received.push(req);
    const nth = (countByPath.get(path) ?? 0) + 1;
    countByPath.set(path, nth);
    for (const wake of [...waiters]) wake();

    const behaviour = behaviours.get(path) ?? defaultBehaviour;
    // A behaviour that ignores the signal must still not hold up stop().
    let onStop = () => {};
    const stopped = new Promise<Response>((resolve) => {
      onStop = () => resolve(new Response("receiver stopping", { status: 503 }));
      if (signal.aborted) onStop();
      else signal.addEventListener("abort", onStop, { once: true });
    });
    try {
      return await Promise.race([Promise.resolve(behaviour(req, nth)), stopped]);
    } catch (error) {
      return new Response(`behaviour failed: ${error}`, { status: 500 });
    } finally {
      signal.removeEventListener("abort", onStop);
    }
  };

  const server = Deno.serve({
    hostname: opts.hostname ?? "127.0.0.1",
    port: 0,
    cert: certPem,
    key: keyPem,
    onListen: () => {},
  }, handler);
  const port = server.addr.port;

  return {
    port,
    url: (path = "/") => `https://localhost:${port}${path}`,
    requests: matching,
    on(path, behaviour) {
      behaviours.set(path, behaviour);
    },
    waitFor(n, { path, timeoutMs = 15_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = matching(path);
          if (found.length < n) return;
          settle();
          resolve(found);
        };
        const settle = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        const timer = setTimeout(() => {
          settle();
          const where = path === undefined ? "" : ` to ${path}`;
          const arrived = matching(path).length;
          reject(new Error(`waited ${timeoutMs} ms for ${n} requests${where}; ${arrived} arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      stopping.abort();
      await server.shutdown();
    },
  };
}
