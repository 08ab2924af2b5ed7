/**
 * Turns zod issues into bilingual field errors: one mapping for the API's 422s and the
 * console's forms.
 * @module
 */
import type { z } from "zod";
import {
  type FieldError,
  fieldError,
  type FieldErrorCode,
  jsonPointer,
  valueAt,
} from "./field_errors.ts";

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
