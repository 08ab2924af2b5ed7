/**
 * Headers middleware adds on the way out, set on the response the handler made. Hono's
 * `c.header` copies the whole response (a new `Response` of the same body) for every header
 * set after it is made; with the request id, `no-store` and four limit headers that was most
 * of a retrieve's CPU (bench/results/baselines.md, profile of the edge). Our responses' headers
 * are mutable; one that is not (none today) falls back to Hono's copy.
 * @module
 */
import type { Context } from "hono";

/** Sets `headers` on `c.res` in place. */
export function setResponseHeaders(c: Context, headers: Iterable<readonly [string, string]>): void {
  const target = c.res.headers;
  for (const [name, value] of headers) {
    try {
      target.set(name, value);
    } catch {
      c.header(name, value);
    }
  }
}
