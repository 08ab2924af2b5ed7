/**
 * One webhook delivery attempt over HTTPS.
 *
 * `node:https` rather than `fetch`: `fetch` resolves the host name itself, so the address
 * checked against the SSRF rule could differ from the one connected to (DNS rebinding).
 * Here the name is resolved and checked by {@link checkResolvedHost}, and the socket is
 * pinned to the checked address with {@link pinnedLookup}; SNI and certificate checks
 * still use the host name.
 * @module
 */
import https from "node:https";
import tls from "node:tls";
import type { IncomingMessage } from "node:http";
import type { Logger } from "@hire/log";
import {
  cachingResolve,
  checkResolvedHost,
  pickAddress,
  pinnedLookup,
  type Resolve,
  systemResolve,
} from "@hire/webhooks";

/** What to send; the caller supplies every header except `Content-Length`. */
export interface AttemptRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The outcome of one attempt; failures are values, never exceptions. */
export interface AttemptResult {
  /** true for a 2xx received within the deadline */
  ok: boolean;
  /** null when no response arrived (timeout, DNS, TLS, connection, refused address) */
  statusCode: number | null;
  /** The whole attempt including DNS, so it can be compared with the deadline. */
  durationMs: number;
  /** Short English reason shown to the partner in the delivery log; null when ok. */
  error: string | null;
  /**
   * The headers of the request made, `Content-Length` included; null when none was made
   * (invalid URL, refused address, DNS failure or the deadline before connecting).
   */
  requestHeaders: Record<string, string> | null;
  /**
   * The first {@link EXCERPT_BYTES} bytes of the response body as text (invalid UTF-8
   * replaced, a character cut at the end dropped); null when no response came.
   */
  responseExcerpt: string | null;
}

/** Sends attempts over one shared keep-alive pool. */
export interface WebhookHttpClient {
  post(req: AttemptRequest): Promise<AttemptResult>;
  /** Destroys pooled sockets; attempts still in flight fail. */
  close(): void;
}

/** Options for {@link createWebhookHttpClient}. */
export interface WebhookHttpClientOptions {
  /** Deadline for the whole attempt: DNS, connect, TLS, headers and body. */
  timeoutMs: number;
  /** Lets hosts resolve to loopback and private ranges; local development and tests only. */
  allowPrivateNetworks: boolean;
  /**
   * A PEM CA trusted besides the system roots. `node:https` in Deno ignores `DENO_CERT`,
   * so the service passes that file's contents here. The roots then go as an explicit list,
   * and Deno parses all of it after every handshake (about 8 ms of CPU a new connection).
   */
  extraCaPem?: string;
  /** New TLS handshakes are CPU-heavy: hundreds at once starve a small machine. Default 16. */
  maxSocketsPerHost?: number;
  /** Replaces DNS (tests); its answers are kept as the system's are (`cachingResolve`). */
  resolve?: Resolve;
  /**
   * Where a refused address is named: the partner's delivery log says only "refused: not a
   * public address", operators need to know which address it was.
   */
  log?: Logger;
}

/** A receiver that streams forever must not hold a worker; only its start is kept. */
const MAX_BODY_BYTES = 64 * 1024;
/** How much of a response body the delivery log keeps. */
export const EXCERPT_BYTES = 2048;
const DEFAULT_MAX_SOCKETS_PER_HOST = 16;

/** How an attempt ended, before what it sent and read is added. */
type Outcome = Pick<AttemptResult, "ok" | "statusCode" | "error">;
type Exchange = Omit<AttemptResult, "durationMs">;

/** What went over the wire: none when the attempt ended before a request was made. */
const NOTHING_SENT = { requestHeaders: null, responseExcerpt: null };

/**
 * The key of an attempt's socket pool: the host, port and server name (and local address and
 * family), which is all that differs between this client's requests, since its TLS options
 * are the agent's own. `https.Agent`'s own key also joins every TLS option into the string,
 * the CA list included: with an extra CA that is every root certificate (about 200 KB)
 * joined several times per attempt, a tenth of the service's CPU in the benchmark's profile.
 */
export function poolKey(
  o: {
    host?: string | null;
    port?: number | string | null;
    localAddress?: string | null;
    family?: number | null;
    servername?: string | null;
  } = {},
): string {
  return `${o.host ?? "localhost"}:${o.port ?? ""}:${o.localAddress ?? ""}:${o.family ?? ""}:${
    o.servername ?? ""
  }`;
}

/** Creates a client whose `post` never rejects. */
export function createWebhookHttpClient(opts: WebhookHttpClientOptions): WebhookHttpClient {
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: opts.maxSocketsPerHost ?? DEFAULT_MAX_SOCKETS_PER_HOST,
    ...(opts.extraCaPem === undefined ? {} : { ca: [...tls.rootCertificates, opts.extraCaPem] }),
  });
  agent.getName = poolKey;
  const resolve = cachingResolve(opts.resolve ?? systemResolve);

  async function attempt(req: AttemptRequest, deadline: AbortSignal): Promise<Exchange> {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return { ...failure(null, `invalid URL: ${req.url}`), ...NOTHING_SENT };
    }
    if (url.protocol !== "https:") {
      return { ...failure(null, `not an https URL: ${req.url}`), ...NOTHING_SENT };
    }

    const check = await raceDeadline(
      checkResolvedHost(url.hostname, {
        allowPrivateNetworks: opts.allowPrivateNetworks,
        resolve,
      }),
      deadline,
    );
    if (check === "deadline") return { ...timedOut(null), ...NOTHING_SENT };
    if (!check.ok) {
      if (check.detail) {
        opts.log?.warn("webhook address refused", { url: req.url, detail: check.detail });
      }
      const reason = check.reason.replace(/\.$/, "");
      return { ...failure(null, check.retriable ? reason : `refused: ${reason}`), ...NOTHING_SENT };
    }
    return await send(req, url, pickAddress(check.addresses), deadline);
  }

  function send(req: AttemptRequest, url: URL, address: string, deadline: AbortSignal) {
    return new Promise<Exchange>((resolve) => {
      const body = new TextEncoder().encode(req.body);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (name.toLowerCase() !== "content-length") headers[name] = value;
      }
      headers["Content-Length"] = String(body.byteLength);

      let requestHeaders: Record<string, string> | null = null;
      let statusCode: number | null = null;
      const excerpt = createExcerpt();
      let settled = false;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        deadline.removeEventListener("abort", onDeadline);
        const responseExcerpt = statusCode === null ? null : excerpt.text();
        resolve({ ...outcome, requestHeaders, responseExcerpt });
      };
      const onDeadline = () => {
        settle(timedOut(statusCode));
        request?.destroy();
      };

      let request: ReturnType<typeof https.request> | undefined;
      try {
        request = https.request({
          // URL keeps IPv6 literals in brackets; node wants them bare.
          host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
          port: url.port === "" ? 443 : Number(url.port),
          path: `${url.pathname}${url.search}`,
          method: "POST",
          agent,
          lookup: pinnedLookup(address),
          headers,
        });
      } catch (error) {
        // e.g. a header value with a line break
        return settle(failure(null, `invalid request: ${messageOf(error)}`));
      }
      requestHeaders = headers;
      if (deadline.aborted) return onDeadline();
      deadline.addEventListener("abort", onDeadline, { once: true });

      request.on("error", (error) => settle(failure(statusCode, describeError(error))));
      request.on("response", (res: IncomingMessage) => {
        statusCode = res.statusCode ?? null;
        const outcome = classifyStatus(res);
        let read = 0;
        res.on("data", (chunk: Uint8Array) => {
          excerpt.add(chunk);
          read += chunk.byteLength;
          if (read <= MAX_BODY_BYTES) return;
          settle(outcome);
          request?.destroy();
        });
        res.on("end", () => settle(outcome));
        res.on("error", (error) => settle(failure(statusCode, describeError(error))));
        res.on("close", () => {
          if (!res.complete) settle(failure(statusCode, "connection closed mid-response"));
        });
      });
      request.end(body);
    });
  }

  return {
    async post(req) {
      const started = performance.now();
      // One timer for the whole attempt: node's `timeout` option only limits idle gaps.
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), opts.timeoutMs);
      let outcome: Exchange;
      try {
        outcome = await attempt(req, deadline.signal);
      } catch (error) {
        outcome = { ...failure(null, `unexpected: ${messageOf(error)}`), ...NOTHING_SENT };
      } finally {
        clearTimeout(timer);
      }
      return { ...outcome, durationMs: Math.round(performance.now() - started) };
    },
    close() {
      agent.destroy();
    },
  };

  function timedOut(statusCode: number | null): Outcome {
    return failure(statusCode, `timed out after ${opts.timeoutMs} ms`);
  }
}

function classifyStatus(res: IncomingMessage): Outcome {
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return { ok: true, statusCode: status, error: null };
  if (status >= 300 && status < 400) {
    const location = res.headers.location ?? "(no Location header)";
    return failure(status, `redirect (${status}) to ${location} not followed`);
  }
  return failure(status, `HTTP ${status}`);
}

function failure(statusCode: number | null, error: string): Outcome {
  return { ok: false, statusCode, error };
}

/**
 * Keeps the first {@link EXCERPT_BYTES} bytes of a body and reads them as UTF-8 text. Postgres
 * text holds no NUL, so NULs are replaced as invalid bytes are.
 */
function createExcerpt() {
  const kept = new Uint8Array(EXCERPT_BYTES);
  let length = 0;
  let cut = false;
  return {
    add(chunk: Uint8Array) {
      const room = EXCERPT_BYTES - length;
      if (chunk.byteLength > room) cut = true;
      kept.set(chunk.subarray(0, room), length);
      length += Math.min(room, chunk.byteLength);
    },
    text(): string {
      // `stream` holds back a character cut at the end rather than replacing it.
      const text = new TextDecoder().decode(kept.subarray(0, length), { stream: cut });
      return text.replaceAll("\0", "\uFFFD");
    },
  };
}

function raceDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T | "deadline"> {
  if (deadline.aborted) return Promise.resolve("deadline");
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve("deadline");
    deadline.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", onAbort));
  });
}

function describeError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = messageOf(error);
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET") return "connection reset";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "host unreachable";
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") {
    const host = (error as { host?: unknown }).host;
    return `TLS: the certificate is not valid for ${host}`;
  }
  if (typeof code === "string" && /CERT|TLS|SSL|UNABLE_TO|SIGNATURE/.test(code)) {
    return `TLS: ${message}`;
  }
  return message;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
