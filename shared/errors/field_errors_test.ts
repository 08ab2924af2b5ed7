import assert from "node:assert/strict";
import {
  fieldError,
  type FieldErrorCode,
  type FieldErrorParams,
  jsonPointer,
} from "./field_errors.ts";

const ARABIC_LETTER = /\p{Script=Arabic}/u;

/** Every code with representative parameters; the type makes a new code fail to compile here. */
const EVERY_CODE: Record<FieldErrorCode, FieldErrorParams> = {
  required: {},
  invalid_type: { expected: "a string" },
  too_short: { min: 3 },
  too_long: { max: 200 },
  too_small: { min: 0 },
  too_big: { max: 10_000_000 },
  not_integer: {},
  invalid_enum: { allowed: ["full_time", "part_time"] },
  invalid_format: {},
  unknown_field: {},
  unknown_city: {},
  salary_required: { other: "full_time" },
  salary_range: {},
  empty_update: {},
  invalid_cursor: {},
  invalid_characters: {},
  too_deep: { max: 32 },
  too_few_items: { min: 1 },
  too_many_items: { max: 100 },
  not_https: {},
  url_credentials: {},
  forbidden_host: { expected: "127.0.0.1 is not a public address (loopback)." },
  too_old: { max: 30 },
};

Deno.test("jsonPointer joins path segments with a leading slash each", () => {
  assert.equal(jsonPointer([]), "");
  assert.equal(jsonPointer(["title"]), "/title");
  assert.equal(jsonPointer(["jobs", 3, "title"]), "/jobs/3/title");
  assert.equal(jsonPointer([""]), "/");
});

Deno.test("jsonPointer escapes ~ as ~0 and / as ~1 per RFC 6901", () => {
  assert.equal(jsonPointer(["a/b"]), "/a~1b");
  assert.equal(jsonPointer(["m~n"]), "/m~0n");
  assert.equal(jsonPointer(["~1"]), "/~01", "~ is escaped before /, so ~1 stays distinct");
  assert.equal(jsonPointer(["/~"]), "/~1~0");
  assert.equal(jsonPointer(["a~/b", "c//d"]), "/a~0~1b/c~1~1d");
});

Deno.test("jsonPointer leaves other characters alone", () => {
  assert.equal(jsonPointer(["a b", "مدينة", "x.y", "%25"]), "/a b/مدينة/x.y/%25");
});

Deno.test("fieldError yields English and Arabic messages for every code", () => {
  for (const [code, params] of Object.entries(EVERY_CODE) as [FieldErrorCode, FieldErrorParams][]) {
    const e = fieldError("/x", code, params);
    assert.equal(e.field, "/x");
    assert.equal(e.code, code);
    assert.ok(e.message.trim().length > 0, `${code}: empty message`);
    assert.ok(e.messageAr.trim().length > 0, `${code}: empty messageAr`);
    assert.match(e.message, /[A-Za-z]/, `${code}: English message has no Latin letters`);
    assert.match(e.messageAr, ARABIC_LETTER, `${code}: Arabic message has no Arabic letters`);
    assert.notEqual(e.message, e.messageAr, code);
    assert.doesNotMatch(e.message, /undefined|null|NaN/, code);
    assert.doesNotMatch(e.messageAr, /undefined|null|NaN/, code);
  }
});

Deno.test("fieldError messages of different codes are distinct", () => {
  const codes = Object.keys(EVERY_CODE) as FieldErrorCode[];
  const messages = codes.map((c) => fieldError("/x", c, EVERY_CODE[c]).message);
  const messagesAr = codes.map((c) => fieldError("/x", c, EVERY_CODE[c]).messageAr);
  assert.equal(new Set(messages).size, codes.length);
  assert.equal(new Set(messagesAr).size, codes.length);
});

Deno.test("fieldError interpolates its parameters in both languages", () => {
  const short = fieldError("/title", "too_short", { min: 3 });
  assert.equal(short.message, "Must be at least 3 characters.");
  assert.ok(short.messageAr.includes("3"));

  const long = fieldError("/title", "too_long", { max: 200 });
  assert.equal(long.message, "Must be at most 200 characters.");
  assert.ok(long.messageAr.includes("200"));

  const big = fieldError("/salary_min", "too_big", { max: 10_000_000 });
  assert.equal(big.message, "Must be at most 10000000.");
  assert.ok(big.messageAr.includes("10000000"));

  const en = fieldError("/employment_type", "invalid_enum", { allowed: ["a", "b", "c"] });
  assert.equal(en.message, "Must be one of: a, b, c.");
  assert.ok(en.messageAr.includes("a, b, c"));

  const salary = fieldError("/salary_min", "salary_required", { other: "contract" });
  assert.equal(salary.message, "Required when employment_type is contract.");
  assert.ok(salary.messageAr.includes("contract"));

  const type = fieldError("/title", "invalid_type", { expected: "a string" });
  assert.equal(type.message, "Expected a string.");
});

Deno.test("fieldError invalid_format mentions the expected format only when given", () => {
  assert.equal(fieldError("", "invalid_format").message, "Has an invalid format.");
  assert.equal(
    fieldError("", "invalid_format", { expected: "a UUID" }).message,
    "Has an invalid format; expected a UUID.",
  );
});
