/**
 * What a generated value is, and what makes it one the API must refuse: a violation of the
 * document's schema or of a documented rule, found by the generator that made it.
 * @module
 */
import type { Schema } from "./openapi_operations.ts";

/** Why the API must refuse a value: what the document or a documented rule forbids. */
export interface Violation {
  /** JSON pointer to the value. */
  at: string;
  /**
   * `schema`: the document's schema forbids it; `text`: the text rule; `depth`: nested deeper
   * than 32; `json`: not JSON at all.
   */
  rule: "schema" | "text" | "depth" | "json";
  detail: string;
}

/** A generated value and what makes it one the API must refuse (nothing: it may be accepted). */
export interface Generated {
  value: unknown;
  violations: Violation[];
}

/**
 * `valid`: what the schema allows; `one fault`: a valid value (an example's, when there is
 * one) with one member or item bent (`boundary` or `hostile`), so the checks behind the first
 * get their turn; `boundary`: each side of its limits; `hostile`: anything.
 */
export type Mode = "valid" | "one fault" | "boundary" | "hostile";

/** A value with nothing that makes it one to refuse. */
export const ok = (value: unknown): Generated => ({ value, violations: [] });
/** A value with one thing that makes it one to refuse. */
export const bad = (
  value: unknown,
  at: string,
  rule: Violation["rule"],
  detail: string,
): Generated => ({
  value,
  violations: [{ at, rule, detail }],
});

/** The JSON types `schema` allows. */
export function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map(jsonType))];
  if (schema.properties) return ["object"];
  return [];
}

/** The JSON type of `v`, `integer` for a whole number. */
export function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** What `schema` forbids in a number `n`, if anything. */
export function numberProblem(schema: Schema, n: number): string | undefined {
  const types = typesOf(schema);
  if (!Number.isFinite(n)) return `${n} is not a finite number`;
  if (!types.includes("number") && !Number.isInteger(n)) return `${n} is not an integer`;
  if (schema.minimum !== undefined && n < schema.minimum) return `${n} < ${schema.minimum}`;
  if (schema.maximum !== undefined && n > schema.maximum) return `${n} > ${schema.maximum}`;
  return undefined;
}
