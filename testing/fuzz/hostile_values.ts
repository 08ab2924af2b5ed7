/**
 * Generic hostile values, whatever the schema: text with the characters the API refuses
 * (docs/api.md, "Text the API accepts") and odd ones it accepts, numbers JSON can spell but
 * programs mishandle, nesting, odd byte encodings of a body, odd media types, header values
 * and Authorization headers. Each text says whether the documented rule refuses it, so the
 * fuzz can tell a wrongly accepted request from a rightly accepted one.
 * @module
 */
import fc from "fast-check";
import { Nested, RawToken } from "./json_text.ts";

/** A generated text, and whether the documented text rule refuses it. */
export interface Text {
  value: string;
  refused: boolean;
}

const fromCodePoint = (cp: number) => String.fromCodePoint(cp);

/**
 * One character the text rule accepts: mostly ASCII and Arabic, some tab/LF/CR, the rest of
 * the BMP (bar surrogates and U+FFFE/U+FFFF) and astral characters (emoji), each one unit.
 */
export const acceptedChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map(fromCodePoint) },
  { weight: 3, arbitrary: fc.integer({ min: 0x0600, max: 0x06ff }).map(fromCodePoint) },
  { weight: 1, arbitrary: fc.constantFrom("\t", "\n", "\r", " ") },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0xa0, max: 0xfffd })
      .filter((cp) => cp < 0xd800 || cp > 0xdfff).map(fromCodePoint),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map(fromCodePoint) },
);

/** Characters the rule accepts that programs often mishandle. */
export const ODD_ACCEPTED = [
  "\uFEFF", // BOM
  "\u202E", // right-to-left override
  "\u200D", // zero-width joiner
  "\u2028", // line separator (invalid in JavaScript string literals before ES2019)
  "\u0085", // C1 next line
  "\u009F", // C1 control
  "\uFDD0", // noncharacter, but not U+FFFE/U+FFFF
  "\u{1FFFE}", // astral noncharacter
  "e\u0301\u0301\u0301", // stacked combining marks
  "\u{1F469}\u200D\u{1F4BB}", // emoji sequence
  "ﷺ", // one code point that expands a lot under normalisation
];

/** A character the documented rule refuses: C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF. */
export const refusedChar: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("\u0000", "\u0001", "\u0008", "\u000B", "\u000C", "\u001B", "\u001F"),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u)),
  fc.constantFrom("\uFFFE", "\uFFFF"),
);

/** Text of `min` to `max` accepted characters (counted as characters, not UTF-16 units). */
export function acceptedText(min = 0, max = 40): fc.Arbitrary<string> {
  return fc.array(acceptedChar, { minLength: min, maxLength: max }).map((cs) => cs.join(""));
}

/** Strings that mean something to some other program, all accepted by the rule. */
const MEANINGFUL = [
  "",
  " ",
  "   \t\n ",
  "null",
  "undefined",
  "true",
  "NaN",
  "-0",
  "__proto__",
  "constructor",
  "'; DROP TABLE jobs; --",
  "\\u0000",
  "%00",
  "%",
  "../../../etc/passwd",
  "<script>alert(1)</script>",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "\u0627\u0644\u0631\u064A\u0627\u0636", // الرياض
];

/** Hostile text: with a refused character, or odd but accepted, or very long. */
export const hostileText: fc.Arbitrary<Text> = fc.oneof(
  // A refused character at some place of otherwise accepted text.
  {
    weight: 4,
    arbitrary: fc.tuple(fc.array(acceptedChar, { maxLength: 20 }), refusedChar, fc.nat())
      .map(([cs, bad, at]) => {
        // Inserted between characters, never inside a surrogate pair, so it stays alone.
        cs.splice(at % (cs.length + 1), 0, bad);
        return { value: cs.join(""), refused: true };
      }),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(acceptedText(0, 10), fc.constantFrom(...ODD_ACCEPTED), acceptedText(0, 10))
      .map(([a, odd, b]) => ({ value: a + odd + b, refused: false })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...MEANINGFUL).map((value) => ({ value, refused: false })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom("x", "\u0639", "\u{1F600}", " "),
      fc.constantFrom(
        1_000,
        20_001,
        70_000,
        300_000,
      ),
    ).map(([c, n]) => ({ value: c.repeat(n), refused: false })),
  },
);

/** Number tokens JSON allows that programs mishandle, and some it does not allow. */
export const hostileNumberToken: fc.Arbitrary<RawToken> = fc.constantFrom(
  ...[
    "-0",
    "1e400",
    "-1e400",
    "1e-400",
    "1E2",
    "1.0",
    "0.5",
    "9007199254740993",
    "123456789012345678901234567890",
    "-9223372036854775809",
    "2147483648",
    "0.1e1",
    // Not JSON: a body holding them is malformed.
    "NaN",
    "Infinity",
    "+1",
    "01",
    ".5",
    "0x10",
  ].map((t) => new RawToken(t)),
);

/** Numbers spelt as strings, as a client that quotes everything would send them. */
export const NUMBERS_AS_TEXT = [
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e3",
  "1E-7",
  " 5",
  "5 ",
  "0x1F",
  "1_000",
  "١٢٣", // Arabic-Indic digits
  "\uFF15", // fullwidth 5
  "99999999999999999999999",
  "",
];

/** A value of another JSON type than `types`, e.g. an object where a string goes. */
export function otherType(types: readonly string[]): fc.Arbitrary<unknown> {
  const all: [string, fc.Arbitrary<unknown>][] = [
    ["string", fc.constantFrom("5", "true", "null", "")],
    ["integer", fc.constantFrom(0, 1, -1)],
    ["number", fc.constantFrom(0.5, -2.5)],
    ["boolean", fc.boolean()],
    ["null", fc.constant(null)],
    ["array", fc.constantFrom([], ["x"], [1, 2])],
    ["object", fc.constantFrom({}, { x: 1 })],
  ];
  const allowed = new Set(types.flatMap((t) => (t === "number" ? ["number", "integer"] : [t])));
  return fc.oneof(...all.filter(([t]) => !allowed.has(t)).map(([, a]) => a));
}

/**
 * Nesting around `inner` placed at `depth` (the number of containers above it), around the
 * API's limit of 32 (a container 32 deep is refused) and far beyond it. Says how deep the
 * deepest container ends up.
 */
export function deepNesting(inner: unknown, depth: number): fc.Arbitrary<{
  value: unknown;
  deepest: number;
}> {
  const around = [31 - depth, 32 - depth, 33 - depth].filter((n) => n > 0);
  return fc.constantFrom(...around, 1_000, 100_000).map((n) => ({
    value: new Nested(n, inner),
    // The arrays sit at depth .. depth + n - 1.
    deepest: depth + n - 1,
  }));
}

/** How the bytes of a body are spelt. */
export type BodyEncoding =
  | "utf-8"
  | "utf-8 with BOM"
  | "utf-16le"
  | "latin1"
  | "invalid utf-8"
  | "truncated";

/** Whether bytes in `encoding` are valid UTF-8 of the whole text (a BOM is allowed). */
export const isUtf8Encoding = (e: BodyEncoding): boolean => e === "utf-8" || e === "utf-8 with BOM";

/** Bytes no UTF-8 text has: a stray continuation, an overlong NUL, a surrogate, 0xFF. */
const INVALID_UTF8 = [[0x80], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xff], [0xf4, 0x90, 0x80, 0x80]];

/** The bytes of `text` spelt as `encoding`; `at` picks where invalid bytes or a cut go. */
export function encodeBody(text: string, encoding: BodyEncoding, at: number): Uint8Array {
  const utf8 = new TextEncoder().encode(text);
  switch (encoding) {
    case "utf-8":
      return utf8;
    case "utf-8 with BOM":
      return new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    case "utf-16le": {
      const out = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        out[2 * i] = text.charCodeAt(i) & 0xff;
        out[2 * i + 1] = text.charCodeAt(i) >> 8;
      }
      return out;
    }
    case "latin1":
      // Non-ASCII characters become single bytes: invalid UTF-8 unless the text is ASCII.
      return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
    case "invalid utf-8": {
      // Inside the first string value when there is one (`:"`), so the JSON stays
      // well-formed and no member name changes.
      const value = text.indexOf(':"');
      const cut = value >= 0
        ? new TextEncoder().encode(text.slice(0, value + 2)).length
        : at % (utf8.length + 1);
      const bad = INVALID_UTF8[at % INVALID_UTF8.length]!;
      return new Uint8Array([...utf8.subarray(0, cut), ...bad, ...utf8.subarray(cut)]);
    }
    case "truncated":
      return utf8.subarray(0, utf8.length === 0 ? 0 : at % utf8.length);
  }
}

/** Whether `text`'s latin1 bytes are valid UTF-8 anyway (it is ASCII). */
export const isAscii = (text: string): boolean =>
  Array.from(text).every((c) => c.charCodeAt(0) < 0x80);

/** How a body is spelt: mostly UTF-8, sometimes otherwise. */
export const bodyEncoding: fc.Arbitrary<BodyEncoding> = fc.oneof(
  { weight: 12, arbitrary: fc.constant("utf-8" as const) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<BodyEncoding>(
      "utf-8 with BOM",
      "utf-16le",
      "latin1",
      "invalid utf-8",
      "truncated",
    ),
  },
);

/** A Content-Type for a JSON body, and whether the API documents it as JSON (415 otherwise). */
export const contentType: fc.Arbitrary<{ value: string | undefined; json: boolean }> = fc.oneof(
  { weight: 10, arbitrary: fc.constant({ value: "application/json", json: true }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      { value: undefined, json: true },
      { value: "application/json; charset=utf-8", json: true },
      { value: "APPLICATION/JSON", json: true },
      { value: "application/json;charset=latin1", json: true },
      { value: "application/json; charset=utf-16", json: true },
      { value: "application/merge-patch+json", json: true },
      { value: "application/problem+json", json: true },
      { value: "application/json;;", json: true },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      { value: "text/plain", json: false },
      { value: "application/x-www-form-urlencoded", json: false },
      { value: "multipart/form-data; boundary=x", json: false },
      { value: "application/jsonx", json: false },
      { value: "application/xml", json: false },
      { value: "", json: false },
      { value: "*/*", json: false },
    ),
  },
);

/** Values of header fields, from plain to ones the HTTP layer refuses. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  acceptedText(0, 30).map((t) => t.replace(/[^\x20-\x7e]/g, "")),
  fc.constantFrom("", " ", "\u00e9\u00ff", "\u00d8\u00b1", "a\u0000b", "a\u0001b", "a\u007fb"),
  fc.constantFrom(1_000, 8_000, 40_000, 70_000).map((n) => "h".repeat(n)),
);

/** Idempotency-Key values around its documented format (1 to 255 of `!` to `~`). */
export const idempotencyKeyValue: fc.Arbitrary<{ value: string; valid: boolean }> = fc.oneof(
  { weight: 6, arbitrary: fc.uuid().map((value) => ({ value, valid: true })) },
  {
    weight: 2,
    arbitrary: fc.stringMatching(/^[\x21-\x7e]{1,255}$/).map((value) => ({ value, valid: true })),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      { value: "k", valid: true },
      { value: "~".repeat(255), valid: true },
      { value: "k".repeat(256), valid: false },
      { value: "", valid: false },
      { value: "a b", valid: false },
      { value: "\u00e9t\u00e9", valid: false },
      { value: "key\ttab", valid: false },
      { value: "k".repeat(70_000), valid: false },
    ),
  },
);

/** `Authorization` headers that carry no valid key. */
export const garbageAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    "Bearer",
    "Bearer ",
    "Basic dXNlcjpwYXNz",
    "Bearer hk_live_",
    "Bearer hk_test_" + "A".repeat(43),
    "Bearer hk_live_" + "A".repeat(42),
    "Bearer hk_live_" + "A".repeat(44),
    "Bearer hk_live_" + "+".repeat(43),
    "Bearer hk_live_" + "A".repeat(43) + " extra",
    "Bearer\thk_live_" + "A".repeat(43),
    "Bearer hk_live_" + "\u00e9".repeat(43),
    "Bearer " + "k".repeat(70_000),
  ),
  fc.stringMatching(/^hk_live_[A-Za-z0-9_-]{43}$/).map((k) => `Bearer ${k}`),
);
