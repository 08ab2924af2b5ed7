/**
 * How the site answers: every page and feed is revalidated on each use (`no-cache` with
 * an ETag), so no cache, shared or private, shows a job after the job changed or was
 * deleted; an unchanged page costs a 304.
 * @module
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { SiteEnv } from "./env.ts";

/**
 * Stands for the response's CSP nonce while a page is rendered. The ETag is taken before
 * the nonce goes in, so the same content has the same ETag although every response has a
 * nonce of its own. Random per process, so no partner text can contain it by design.
 */
export const NONCE_SLOT = `nonce${crypto.randomUUID().replaceAll("-", "")}`;

/** How long a cache may keep a response without asking again. */
export type Caching = "revalidate" | "none" | "immutable";

const CACHE_CONTROL: Record<Caching, string> = {
  revalidate: "no-cache",
  none: "no-store",
  immutable: "public, max-age=31536000, immutable",
};

/** Options of {@link respond}. */
export interface RespondOptions {
  body: string;
  contentType: string;
  status?: number;
  caching?: Caching;
  /** Whether the response depends on Accept-Language (pages in the visitor's language). */
  varyLanguage?: boolean;
}

// node:crypto hashes synchronously in a few microseconds; WebCrypto's digest took 45-58 µs
// a page, a fifth of the site's CPU under load (profiled by the site benchmark).
function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("hex")}"`;
}

function etagMatches(etag: string, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** A response with caching headers, an ETag for 200s and a 304 when the visitor has it. */
export function respond(c: Context<SiteEnv>, opts: RespondOptions): Response {
  const status = opts.status ?? 200;
  const caching = opts.caching ?? "revalidate";
  const headers: Record<string, string> = {
    "Content-Type": opts.contentType,
    "Cache-Control": CACHE_CONTROL[caching],
  };
  if (opts.varyLanguage) headers["Vary"] = "Accept-Language";
  const body = opts.body.replaceAll(NONCE_SLOT, c.get("secureHeadersNonce") ?? "");
  if (status === 200 && caching !== "none") {
    headers["ETag"] = etagOf(opts.body);
    if (etagMatches(headers["ETag"], c.req.header("If-None-Match"))) {
      return c.body(null, 304, headers);
    }
  }
  return c.body(body, status as 200, headers);
}
