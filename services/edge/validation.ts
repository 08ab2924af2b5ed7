/**
 * Turns zod issues into bilingual field errors, and validates request parts with them.
 * @module
 */
import {
  type FieldError,
  fieldError,
  type FieldErrorCode,
  jsonPointer,
  valueAt,
} from "@hire/errors";
import { z } from "zod";
import { ApiError } from "./problem.ts";

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
};

// Bounds on lengths and counts read better than bounds on values.
const SIZE_CODES: Record<string, [FieldErrorCode, FieldErrorCode]> = {
  string: ["too_short", "too_long"],
  array: ["too_few_items", "too_many_items"],
  set: ["too_few_items", "too_many_items"],
};

/** Maps each issue to a field error; `input` tells a missing field from a wrong one. */
export function fieldErrorsFromZod(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): FieldError[] {
  // zod may report one problem twice (an integer's safe range and our own bound); keep the
  // last, which is the bound partners are told about.
  const byFieldAndCode = new Map<string, FieldError>();
  for (const e of mapIssues(issues, input)) byFieldAndCode.set(`${e.field} ${e.code}`, e);
  return [...byFieldAndCode.values()];
}

function mapIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): FieldError[] {
  return issues.flatMap((issue): FieldError[] => {
    const field = jsonPointer(issue.path);
    const missing = issue.code !== "unrecognized_keys" && issue.code !== "custom" &&
      issue.path.length > 0 && valueAt(input, issue.path) === undefined;
    if (missing) return [fieldError(field, "required")];
    switch (issue.code) {
      case "invalid_type":
        if (issue.expected === "int") return [fieldError(field, "not_integer")];
        return [
          fieldError(field, "invalid_type", {
            expected: TYPE_NAMES[issue.expected] ?? issue.expected,
          }),
        ];
      case "too_small":
        return [fieldError(field, SIZE_CODES[issue.origin]?.[0] ?? "too_small", {
          min: Number(issue.minimum),
        })];
      case "too_big":
        return [fieldError(field, SIZE_CODES[issue.origin]?.[1] ?? "too_big", {
          max: Number(issue.maximum),
        })];
      case "invalid_value":
        return [fieldError(field, "invalid_enum", { allowed: issue.values.map(String) })];
      case "unrecognized_keys":
        return issue.keys.map((k) => fieldError(jsonPointer([...issue.path, k]), "unknown_field"));
      case "custom": {
        const { code, ...params } = (issue.params ?? {}) as { code?: FieldErrorCode };
        return [fieldError(field, code ?? "invalid_format", params)];
      }
      default:
        return [fieldError(field, "invalid_format")];
    }
  });
}

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
