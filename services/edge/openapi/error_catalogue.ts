/**
 * The error catalogue as partners read it: every code with its status and both messages,
 * from the one catalogue and the edge's status map.
 * @module
 */
import { type ErrorCode, ERRORS, type ErrorText } from "@hire/errors";
import { ERROR_CODES, statusOf } from "./problem_schemas.ts";

/** One code of the catalogue. */
export interface CatalogueEntry extends ErrorText {
  code: ErrorCode;
  status: number;
}

/** Every code, by status, then in the catalogue's order. */
export function errorCatalogue(): CatalogueEntry[] {
  return ERROR_CODES
    .map((code) => ({ code, status: statusOf(code), ...ERRORS[code] }))
    .sort((a, b) => a.status - b.status);
}
