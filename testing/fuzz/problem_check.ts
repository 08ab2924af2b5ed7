/**
 * What the fuzz asserts of every answer: no 5xx and no hang; every error a problem document
 * as docs/api.md describes it (`application/problem+json`, a `code` of the catalogue in
 * `shared/errors`, its `status`, `message` and an Arabic `messageAr`, field errors likewise,
 * the `request_id` of the `X-Request-Id` header); no success for a request the document or a
 * documented rule refuses; and the answer conforms to the API document. A bare 400 or a
 * closed connection is accepted only for the requests `wire_rules.ts` says the HTTP server
 * refuses before the API sees them.
 * @module
 */
import { ERRORS, FIELD_ERROR_CODES } from "@hire/errors";
import type { ConformanceChecker } from "../conformance.ts";
import { NoResponse, type RawResponse } from "./raw_http.ts";
import { CHUNKED_BODY_BROKEN } from "./wire_rules.ts";

/** One request and what came back. */
export interface Exchange {
  method: string;
  /** The request target as sent. */
  target: string;
  /** Why the API must not answer 2xx (`request_arbitrary.ts`). */
  mustRefuse: readonly string[];
  /** Why the HTTP server refuses the request before the API sees it (`wire_rules.ts`). */
  wireProblems: readonly string[];
  response: RawResponse | NoResponse;
}

const ARABIC = /[\u0600-\u06FF]/;
const CODES = new Set<string>(Object.keys(ERRORS));
const FIELD_CODES = new Set<string>(FIELD_ERROR_CODES);

const nonEmpty = (v: unknown) => typeof v === "string" && v.trim().length > 0;

/** What is wrong with `body` as a problem document answered with `status`. */
export function problemDocumentProblems(body: unknown, status: number): string[] {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return ["the body is not a JSON object"];
  }
  const p = body as Record<string, unknown>;
  const found: string[] = [];
  if (!CODES.has(p.code as string)) {
    found.push(`code ${JSON.stringify(p.code)} is not in the catalogue`);
  }
  if (p.status !== status) found.push(`status ${JSON.stringify(p.status)} is not ${status}`);
  for (const member of ["type", "title", "detail", "message", "request_id"]) {
    if (!nonEmpty(p[member])) found.push(`${member} is missing or empty`);
  }
  if (!nonEmpty(p.messageAr) || !ARABIC.test(p.messageAr as string)) {
    found.push("messageAr is not Arabic text");
  }
  if (p.errors !== undefined) {
    if (!Array.isArray(p.errors) || p.errors.length === 0) {
      found.push("errors is not a list of errors");
    } else {
      p.errors.forEach((e: Record<string, unknown>, i) => {
        if (typeof e?.field !== "string") found.push(`errors[${i}].field is not a string`);
        if (!FIELD_CODES.has(e?.code as string)) {
          found.push(`errors[${i}].code ${JSON.stringify(e?.code)} is not a field error code`);
        }
        if (!nonEmpty(e?.message)) found.push(`errors[${i}].message is empty`);
        if (!nonEmpty(e?.messageAr) || !ARABIC.test(e.messageAr as string)) {
          found.push(`errors[${i}].messageAr is not Arabic text`);
        }
      });
    }
  }
  return found;
}

/** The body as JSON when it is JSON, else its text, else null when empty. */
export function readBody(res: RawResponse): unknown {
  if (res.body.length === 0) return null;
  const text = new TextDecoder().decode(res.body);
  if (!/json/i.test(res.headers.get("content-type") ?? "")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The path the router sees: the target without its query, scheme or authority. */
export function routedPath(target: string): string {
  const path = target.replace(/^https?:\/\/[^/]*/i, "").split("?")[0]!.split("#")[0]!;
  return path || "/";
}

/** What is wrong with the answer to one request; empty when it is as documented. */
export function exchangeProblems(ex: Exchange, conforms?: ConformanceChecker): string[] {
  const res = ex.response;
  if (res instanceof NoResponse) {
    return ex.wireProblems.includes(CHUNKED_BODY_BROKEN) ? [] : [`no answer: ${res.message}`];
  }
  const bare = res.body.length === 0 && !res.headers.has("content-type");
  if (res.status === 400 && bare) {
    return ex.wireProblems.length > 0
      ? []
      : ["a bare 400 from the HTTP server for a request that is well-formed HTTP"];
  }
  const found: string[] = [];
  const body = readBody(res);
  if (res.status >= 500) found.push(`answered ${res.status}`);
  // A HEAD answer has no body (RFC 9110 §9.3.2): only its headers can be checked.
  const head = ex.method.toUpperCase() === "HEAD";
  if (res.status >= 400) {
    if (res.headers.get("content-type") !== "application/problem+json") {
      found.push(`Content-Type ${res.headers.get("content-type")} on an error`);
    }
  }
  if (res.status >= 400 && !head) {
    found.push(...problemDocumentProblems(body, res.status));
    const id = (body as { request_id?: unknown } | null)?.request_id;
    if (id !== undefined && id !== res.headers.get("x-request-id")) {
      found.push("request_id differs from X-Request-Id");
    }
  }
  if (res.status >= 200 && res.status < 300 && ex.mustRefuse.length > 0) {
    found.push(`accepted (${res.status}) though: ${ex.mustRefuse.join("; ")}`);
  }
  if (res.status === 207 && !head) {
    const errors = (body as { errors?: { status?: number }[] } | null)?.errors ?? [];
    errors.forEach((item, i) =>
      found.push(
        ...problemDocumentProblems(item, item?.status as number).map((p) => `errors[${i}]: ${p}`),
      )
    );
  }
  // The document's methods are uppercase; `get` is another method (RFC 9110 §9.1) that the
  // checker would take for GET.
  // The checker reads a problem's body also for HEAD, which has none.
  const checkable = ex.method === ex.method.toUpperCase() && !(head && res.status >= 400);
  if (conforms && found.length === 0 && checkable) {
    try {
      conforms({
        method: ex.method,
        path: routedPath(ex.target),
        status: res.status,
        headers: res.headers,
        body: head ? null : body,
      });
    } catch (err) {
      found.push((err as Error).message);
    }
  }
  return found;
}
