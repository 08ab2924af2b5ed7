/**
 * Error codes, their bilingual messages, and per-field validation errors.
 * @module
 */
export { type ErrorCode, ERRORS, type ErrorText } from "./catalogue.ts";
export {
  FIELD_ERROR_CODES,
  type FieldError,
  fieldError,
  type FieldErrorCode,
  type FieldErrorParams,
  jsonPointer,
  valueAt,
} from "./field_errors.ts";
export { fieldErrorsFromZod } from "./zod_issues.ts";
