/**
 * HTTP/1.1 over a bare TCP connection, byte for byte: `fetch` refuses or rewrites exactly the
 * requests a fuzzer wants to send (control characters and non-ASCII bytes in headers, lone
 * surrogates in the target, duplicate framing headers), so the fuzz writes its own.
 * @module
 */

/** A request as it goes on the wire; `target` and header values are bytes (latin1). */
export interface RawRequest {
  method: string;
  /** The request target: path and query, sent as they are. */
  target: string;
  headers: [name: string, value: string | Uint8Array][];
  body?: Uint8Array;
}

/** A response as read off the wire. */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

const CRLF = "\r\n";

/** Characters 0–255 as single bytes, as a request line and header fields carry them. */
export function latin1(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The bytes of `req`, closing the connection after the answer. A body gets a
 * `Content-Length` unless the request already frames it.
 */
export function encodeRequest(req: RawRequest, host: string): Uint8Array {
  const names = new Set(req.headers.map(([n]) => n.toLowerCase()));
  const headers: [string, string | Uint8Array][] = [
    ["Host", host],
    ...req.headers,
    ["Connection", "close"],
  ];
  if (req.body && !names.has("content-length") && !names.has("transfer-encoding")) {
    headers.push(["Content-Length", String(req.body.length)]);
  }
  const parts: Uint8Array[] = [latin1(`${req.method} ${req.target} HTTP/1.1${CRLF}`)];
  for (const [name, value] of headers) {
    parts.push(latin1(`${name}: `), typeof value === "string" ? latin1(value) : value);
    parts.push(latin1(CRLF));
  }
  parts.push(latin1(CRLF));
  if (req.body) parts.push(req.body);
  return concat(parts);
}

/** Decodes a chunked body; throws on a malformed one. */
function unchunk(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = indexOf(bytes, CRLF_BYTES, at);
    if (lineEnd < 0) throw new Error("truncated chunked body");
    const size = parseInt(new TextDecoder().decode(bytes.subarray(at, lineEnd)).split(";")[0]!, 16);
    if (!Number.isFinite(size)) throw new Error("malformed chunk size");
    at = lineEnd + 2;
    if (size === 0) return concat(parts);
    parts.push(bytes.subarray(at, at + size));
    at += size + 2;
  }
}

const CRLF_BYTES = latin1(CRLF);
const HEAD_END = latin1(CRLF + CRLF);

function indexOf(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i <= hay.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Parses a whole response read until the server closed the connection. */
export function parseResponse(bytes: Uint8Array, method: string): RawResponse {
  // An interim answer (100 Continue) comes before the response.
  while (/^HTTP\/1\.[01] 1\d\d /.test(new TextDecoder("latin1").decode(bytes.subarray(0, 13)))) {
    const end = indexOf(bytes, HEAD_END);
    if (end < 0) break;
    bytes = bytes.subarray(end + 4);
  }
  const headEnd = indexOf(bytes, HEAD_END);
  if (headEnd < 0) throw new Error(`no complete response head in ${bytes.length} bytes`);
  const [statusLine, ...lines] = new TextDecoder("latin1").decode(bytes.subarray(0, headEnd))
    .split(CRLF);
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1];
  if (!status) throw new Error(`not a status line: ${JSON.stringify(statusLine)}`);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  let body = bytes.subarray(headEnd + 4);
  if (method === "HEAD" || status === "204" || status === "304") body = new Uint8Array();
  else if (headers.get("transfer-encoding")?.toLowerCase().includes("chunked")) {
    body = unchunk(body);
  } else if (headers.has("content-length")) {
    body = body.subarray(0, Number(headers.get("content-length")));
  }
  return { status: Number(status), headers, body };
}

/** Why no response could be read. */
export class NoResponse extends Error {
  constructor(readonly reason: "timeout" | "closed", detail: string) {
    super(`${reason}: ${detail}`);
    this.name = "NoResponse";
  }
}

/**
 * Sends `req` on a fresh connection and reads the answer until the server closes it.
 * Throws {@link NoResponse} when the server hangs past `timeoutMs` or closes without a
 * whole response.
 */
export async function sendRaw(
  addr: { hostname: string; port: number },
  req: RawRequest,
  opts: { timeoutMs: number },
): Promise<RawResponse> {
  const conn = await Deno.connect({ hostname: addr.hostname, port: addr.port });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    conn.close();
  }, opts.timeoutMs);
  const chunks: Uint8Array[] = [];
  try {
    const bytes = encodeRequest(req, `${addr.hostname}:${addr.port}`);
    // The server may answer (413, 431) and close before it has read everything we send.
    const written = writeAll(conn, bytes).catch(() => {});
    const buf = new Uint8Array(64 * 1024);
    for (;;) {
      let n: number | null;
      try {
        n = await conn.read(buf);
      } catch {
        // Closed by the timer, or reset by the server after it answered.
        break;
      }
      if (n === null) break;
      chunks.push(buf.slice(0, n));
    }
    await written;
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* closed by the timer */ }
  }
  const all = concat(chunks);
  try {
    return parseResponse(all, req.method);
  } catch (err) {
    if (timedOut) throw new NoResponse("timeout", `no answer within ${opts.timeoutMs} ms`);
    throw new NoResponse("closed", `${(err as Error).message}`);
  }
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let at = 0;
  while (at < bytes.length) at += await conn.write(bytes.subarray(at));
}
