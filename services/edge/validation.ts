/**
 * Validates request parts with zod, refusing with bilingual field errors (`@hire/errors`).
 * @module
 */
import { fieldErrorsFromZod } from "@hire/errors";
import { z } from "zod";
import { ApiError } from "./problem.ts";

/** The 422 listing every problem of `issues` with `input`. */
export function validationError(issues: readonly z.core.$ZodIssue[], input: unknown): ApiError {
  return new ApiError("partner.validation_failed", {
    errors: fieldErrorsFromZod(issues, input),
  });
}

/**
 * `schema` for a query string in which a repeated parameter counts once, with its first value,
 * as `c.req.query()` reads it: a route's validator hands a repeated one over as an array.
 */
export function firstValues<T>(schema: z.ZodType<T>) {
  const first = (query: Record<string, string | string[]>) =>
    Object.fromEntries(
      Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
    );
  return z.preprocess(first, schema);
}

/** What a route's validator tells its hook; `data` is the input, also when it failed. */
export type ValidationResult =
  & { target: string; data?: unknown }
  & ({ success: true } | { success: false; error: z.ZodError });

/**
 * The routes' validation hook (`defaultHook`): a request part that does not match its
 * route's schema throws {@link validationError}'s 422, except a path parameter: an id that
 * cannot exist answers like one that does not, 404, without a lookup.
 */
export function refuseInvalid(result: ValidationResult): void {
  if (result.success) return;
  if (result.target === "param") throw new ApiError("partner.not_found");
  throw validationError(result.error.issues, result.data);
}
