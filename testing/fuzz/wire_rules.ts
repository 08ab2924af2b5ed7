/**
 * Which requests Deno's HTTP server refuses before the API sees them. These get a bare 400
 * with no body (or, for a broken chunked body, a closed connection) rather than a problem
 * document: no code of ours runs, so none can answer. docs/api.md ("Requests that are not
 * HTTP") lists exactly these cases, and the fuzz accepts such an answer only for a request
 * this module says breaks one of them.
 * @module
 */
import { encodeRequest, type RawRequest } from "./raw_http.ts";

/** The server refuses a request head (request line, header fields, blank line) longer than this. */
export const MAX_HEAD_BYTES = 64 * 1024 + 4;
/** The server refuses more header fields than this (Host and framing headers included). */
export const MAX_HEADER_FIELDS = 128;

/** What an HTTP/1.1 token may hold (RFC 9110 §5.6.2): method names and field names. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A field value may hold any byte but the controls (tab aside) and DEL (RFC 9110 §5.5). */
// deno-lint-ignore no-control-regex
const BAD_FIELD_BYTE = /[\x00-\x08\x0A-\x1F\x7F]/;
/** A request target may hold only visible ASCII (RFC 9112 §3.2). */
const BAD_TARGET_BYTE = /[^\x21-\x7E]/;

/** One character per byte (the byte's windows-1252 reading: lengths and controls kept). */
const text = (v: string | Uint8Array) =>
  typeof v === "string" ? v : new TextDecoder("latin1").decode(v);

/** Why the server refuses `req` before the API sees it; empty when it passes it on. */
export function wireProblems(req: RawRequest, host = "127.0.0.1:8080"): string[] {
  const problems: string[] = [];
  if (!TOKEN.test(req.method)) problems.push("method is not a token");
  if (BAD_TARGET_BYTE.test(req.target)) problems.push("request target holds a byte it may not");
  else if (!/^(\/|\*$|https?:\/\/)/i.test(req.target)) {
    problems.push("request target is not a path, `*` or an absolute URL");
  }
  for (const [name, value] of req.headers) {
    if (!TOKEN.test(name)) problems.push(`header name ${JSON.stringify(name)} is not a token`);
    if (BAD_FIELD_BYTE.test(text(value))) problems.push(`header ${name} holds a control character`);
  }
  const head = encodeRequest(req, host).length - (req.body?.length ?? 0);
  if (head > MAX_HEAD_BYTES) problems.push(`request head of ${head} bytes`);
  // Host and Connection, which every request of the fuzz carries, and a Content-Length.
  const framed = hasHeader(req, "content-length") || hasHeader(req, "transfer-encoding");
  const fields = req.headers.length + 2 + (req.body && !framed ? 1 : 0);
  if (fields > MAX_HEADER_FIELDS) problems.push(`${fields} header fields`);
  // The fuzz's client sends one Host of its own; a second one is refused (RFC 9112 §3.2).
  if (hasHeader(req, "host")) problems.push("two Host fields");
  problems.push(...framingProblems(req));
  return problems;
}

function hasHeader(req: RawRequest, name: string): boolean {
  return req.headers.some(([n]) => n.toLowerCase() === name);
}

function values(req: RawRequest, name: string): string[] {
  return req.headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => text(v).trim());
}

/** How the body is framed: Content-Length and Transfer-Encoding as RFC 9112 §6 allows them. */
function framingProblems(req: RawRequest): string[] {
  const lengths = values(req, "content-length");
  const encodings = values(req, "transfer-encoding");
  const problems: string[] = [];
  if (lengths.some((v) => !/^\d+$/.test(v)) || new Set(lengths).size > 1) {
    problems.push("Content-Length is not one decimal number");
  }
  if (encodings.length > 0) {
    if (lengths.length > 0) problems.push("both Content-Length and Transfer-Encoding");
    if (encodings.join(",").toLowerCase() !== "chunked") {
      problems.push("Transfer-Encoding other than chunked");
    } else if (req.body && !isChunked(req.body)) problems.push(CHUNKED_BODY_BROKEN);
  }
  return problems;
}

/** The one case the server answers by closing the connection. */
export const CHUNKED_BODY_BROKEN = "chunked body is malformed";

/** Whether `body` is a well-formed chunked body (sizes in hex, CRLFs, a last chunk). */
export function isChunked(body: Uint8Array): boolean {
  const s = text(body);
  let at = 0;
  for (;;) {
    const eol = s.indexOf("\r\n", at);
    if (eol < 0) return false;
    const sizeText = s.slice(at, eol).split(";")[0]!;
    if (!/^[0-9a-fA-F]+$/.test(sizeText)) return false;
    const size = parseInt(sizeText, 16);
    at = eol + 2;
    if (size === 0) return s.slice(at) === "\r\n";
    if (s.slice(at + size, at + size + 2) !== "\r\n") return false;
    at += size + 2;
  }
}
