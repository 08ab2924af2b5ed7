/**
 * Query parameters hold only text the API accepts (`request_text.ts`): a NUL in a filter
 * would otherwise reach Postgres, which cannot compare it. Percent-escapes must spell UTF-8:
 * the router keeps an undecodable value (`%FF`, an escaped lone surrogate `%ED%A0%80`) as
 * its literal text, which would then be read as if the partner had meant it. 422 naming
 * each parameter.
 * @module
 */
import { fieldError, jsonPointer } from "@hire/errors";
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";
import { hasBadText } from "../request_text.ts";

const UTF8 = new TextDecoder("utf-8", { fatal: true });
const ESCAPE = /%[0-9A-Fa-f]{2}/;

/**
 * Whether the percent-escapes of a raw query component spell UTF-8. A `%` that starts no
 * escape stays a `%`, as the router reads it.
 */
export function escapesSpellUtf8(raw: string): boolean {
  if (!ESCAPE.test(raw)) return true;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "%" && ESCAPE.test(raw.slice(i, i + 3))) {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(raw[i]));
  }
  try {
    UTF8.decode(new Uint8Array(bytes));
    return true;
  } catch {
    return false;
  }
}

/** The names of the parameters of a raw query string whose escapes do not spell UTF-8. */
function undecodable(search: string): string[] {
  return search.split("&").flatMap((part) => {
    const [name = "", value = ""] = part.split(/=(.*)/s);
    if (escapesSpellUtf8(name) && escapesSpellUtf8(value)) return [];
    try {
      return [decodeURIComponent(name.replaceAll("+", " "))];
    } catch {
      return [name];
    }
  });
}

/** Refuses a request whose query names or values hold refused characters. */
export function refuseBadQueryText(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    // Most requests (every retrieve) carry no query, and parsing nothing was 2% of a
    // retrieve's CPU.
    if (!c.req.url.includes("?")) return await next();
    const search = c.req.url.split("?").slice(1).join("?").split("#")[0]!;
    const names = new Set([
      ...Object.entries(c.req.queries())
        .filter(([name, values]) => hasBadText(name) || values.some(hasBadText))
        .map(([name]) => name),
      ...undecodable(search),
    ]);
    const errors = [...names].map((name) =>
      fieldError(jsonPointer(["query", name]), "invalid_characters")
    );
    if (errors.length > 0) throw new ApiError("partner.validation_failed", { errors });
    await next();
  };
}
