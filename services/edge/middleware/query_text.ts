/**
 * Query parameters hold only text the API accepts (`request_text.ts`): a NUL in a filter
 * would otherwise reach Postgres, which cannot compare it. 422 naming each parameter.
 * @module
 */
import { fieldError, jsonPointer } from "@hire/errors";
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";
import { hasBadText } from "../request_text.ts";

/** Refuses a request whose query names or values hold refused characters. */
export function refuseBadQueryText(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const errors = Object.entries(c.req.queries())
      .filter(([name, values]) => hasBadText(name) || values.some(hasBadText))
      .map(([name]) => fieldError(jsonPointer(["query", name]), "invalid_characters"));
    if (errors.length > 0) throw new ApiError("partner.validation_failed", { errors });
    await next();
  };
}
