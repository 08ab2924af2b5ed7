/**
 * The URL of a generated request: path ids (existing, well-formed, of the wrong prefix,
 * length or alphabet, escapes that do not decode) and query parameters from their schemas
 * (repeated, not UTF-8, sent unescaped), each saying what the API must refuse in it.
 * @module
 */
import fc from "fast-check";
import { hostileText } from "./hostile_values.ts";
import { jsonText } from "./json_text.ts";
import type { Parameter, Schema } from "./openapi_operations.ts";
import { schemaArbitrary } from "./schema_arbitrary.ts";
import { type Generated, type Mode, numberProblem, typesOf } from "./violations.ts";

const ID_PREFIXES = ["job", "wh", "dlv", "whk", "ptr", "evt", "seek", "req"];

/** A path segment as sent, and what the API sees once it is decoded. */
export interface Segment {
  wire: string;
  violation?: string;
}

/**
 * `encodeURIComponent`, but a lone surrogate, which has no UTF-8, is sent as the three bytes
 * it would take (WTF-8, e.g. `%ED%A0%80`): not UTF-8, as a careless client would send it.
 */
export function percentEncode(s: string): string {
  let out = "";
  for (const c of s) {
    const u = c.charCodeAt(0);
    out += c.length === 1 && u >= 0xd800 && u <= 0xdfff
      ? [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`).join("")
      : encodeURIComponent(c);
  }
  return out;
}

/** `s` percent-decoded, or as it is when its escapes do not decode. */
export const tryDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * A path parameter's segment in `mode`; `ids` are existing resources by id prefix, for a
 * parameter whose pattern names one.
 */
export function pathSegment(
  param: Parameter,
  ids: Readonly<Record<string, readonly string[]>>,
  mode: Mode,
): fc.Arbitrary<Segment> {
  const pattern = param.schema.pattern ? new RegExp(param.schema.pattern) : undefined;
  const allowed = param.schema.enum as string[] | undefined;
  const fits = (decoded: string) =>
    (pattern ? pattern.test(decoded) : true) && (allowed ? allowed.includes(decoded) : true);
  const seg = (wire: string): Segment => {
    const decoded = tryDecode(wire);
    return fits(decoded)
      ? { wire }
      : { wire, violation: `path ${param.name} ${wire.slice(0, 40)}` };
  };
  const prefix = /^\^([a-z]+)_/.exec(param.schema.pattern ?? "")?.[1];
  const existing = prefix ? ids[prefix] ?? [] : [];
  const wellFormed: fc.Arbitrary<string> = allowed
    ? fc.constantFrom(...allowed)
    : pattern
    ? fc.stringMatching(pattern)
    : fc.string({ minLength: 1, maxLength: 30 });
  const good = existing.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...existing) }, wellFormed)
    : wellFormed;
  const valid = good.map((v) => seg(percentEncode(v)));
  if (mode === "valid") return valid;
  // `one fault` is always bent; the other modes now and then not.
  const bent = fc.tuple(good, fc.constantFrom(...ID_PREFIXES), fc.nat()).chain(([v, other, n]) => {
    const body = v.includes("_") ? v.slice(v.indexOf("_") + 1) : v;
    return fc.constantFrom(
      `${other}_${body}`,
      v.slice(0, -1),
      `${v}${v.at(-1)}`,
      v.toLowerCase(),
      `${v.slice(0, -1)}${"ILOU"[n % 4]}`,
      ` ${v}`,
      `${v}/`,
      "",
    ).map((s) => seg(percentEncode(s)));
  });
  // Sent as they are: encodings that do not decode, dot segments, raw bytes.
  const raw = fc.constantFrom(
    "%00",
    "%2F",
    "%2e%2e",
    "..",
    ".",
    "%ZZ",
    "%FF",
    "%ED%A0%80",
    "%D8%B1",
    "job_%30",
    "a b",
    "\u00e9",
    "x".repeat(70_000),
  ).map(seg);
  const text = hostileText.map(({ value }) => seg(percentEncode(value)));
  if (mode === "one fault") return fc.oneof({ weight: 3, arbitrary: bent }, raw, text);
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 3, arbitrary: bent }, raw, text);
}

/** A query value as text, and what the API must refuse in it. */
function queryValueText(g: Generated): string {
  const v = g.value;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return jsonText(v);
}

/** What a query parameter's schema forbids in the text `s` (clear cases only). */
function queryViolation(schema: Schema, s: string): string | undefined {
  if (Array.isArray(schema.enum) && !schema.enum.includes(s)) return "not in enum";
  const numeric = typesOf(schema).some((t) => t === "integer" || t === "number");
  // An empty value may well count as no value: no claim.
  return numeric && s.trim() !== "" ? numberProblem(schema, Number(s)) : undefined;
}

/** Percent-encoding whose bytes are not UTF-8: text the API cannot read. */
const NOT_UTF8 = ["%FF", "%C0%80", "%ED%A0%80", "%E9"];

/** A query parameter as sent, and why the API must refuse it. */
export interface QueryPart {
  wire: string;
  /** What the parameter's schema forbids: refused by its operation. */
  schemaRefusals: string[];
  /** What the text rule forbids: refused whatever the method. */
  textRefusals: string[];
}

/** A query parameter in `mode`; `keyed`: of an operation that needs a key. */
export function queryParam(param: Parameter, mode: Mode, keyed: boolean): fc.Arbitrary<QueryPart> {
  const name = percentEncode(param.name);
  return schemaArbitrary(param.schema, { mode, name: param.name, at: `/query/${param.name}` })
    .chain((g) => {
      const value = queryValueText(g);
      const problem = queryViolation(param.schema, value);
      const schemaRefusals = problem ? [`query ${param.name}: ${problem}`] : [];
      // The text rule holds for the parameters of the keyed API, not for the public pages.
      const refusedText = (why: string) => keyed ? [`query ${param.name}: ${why}`] : [];
      const textRefusals = g.violations.some((v) => v.rule === "text")
        ? refusedText("refused character")
        : [];
      const part = (wire: string): QueryPart => ({ wire, schemaRefusals, textRefusals });
      const encoded = fc.constant(part(`${name}=${percentEncode(value)}`));
      if (mode === "valid") return encoded;
      return fc.oneof(
        { weight: 4, arbitrary: encoded },
        // Repeated: the first value counts, every value must hold accepted text.
        fc.constant({
          ...part(`${name}=${percentEncode(value)}&${name}=%00`),
          textRefusals: refusedText("refused character"),
        }),
        fc.constantFrom(...NOT_UTF8).map((bytes) => ({
          wire: `${name}=a${bytes}`,
          schemaRefusals: [],
          textRefusals: refusedText("not UTF-8"),
        })),
        // As they are: a space or a non-ASCII character never reaches the API.
        fc.constant(part(`${name}=${value}`)),
        fc.constantFrom(`${name}`, `${name}[]=1`, `${name}=%`, `${name}=%ZZ`).map((wire) => ({
          wire,
          schemaRefusals: [],
          textRefusals: [],
        })),
      );
    });
}

/** Unknown parameters and odd query strings. */
export const strayQuery = fc.constantFrom("unknown=1", "=x", "&&", "a=1=2", "%00=1", "?", "#frag");
