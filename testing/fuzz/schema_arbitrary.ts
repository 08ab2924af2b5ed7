/**
 * From a JSON Schema of the API document to a fast-check arbitrary of values: valid ones,
 * boundary ones (each side of `minLength`/`maxLength`, `minimum`/`maximum`, `minItems`/
 * `maxItems`, the `enum` and its near misses, a required member missing, an unknown one) and
 * hostile ones (`hostile_values.ts`: refused text, odd numbers, nesting, wrong types, raw
 * tokens, a key twice). Each value lists what makes it one the API must refuse (a
 * {@link Violation}), so the fuzz can check that nothing the document forbids is accepted.
 * @module
 */
import fc from "fast-check";
import {
  acceptedText,
  deepNesting,
  hostileNumberToken,
  hostileText,
  NUMBERS_AS_TEXT,
  otherType,
} from "./hostile_values.ts";
import { RawToken } from "./json_text.ts";
import { assemble, type Member, objectTwist } from "./object_twists.ts";
import type { Schema } from "./openapi_operations.ts";
import {
  bad,
  type Generated,
  jsonType,
  type Mode,
  numberProblem,
  ok,
  typesOf,
  type Violation,
} from "./violations.ts";

export type { Generated, Mode, Violation };

/** How {@link schemaArbitrary} generates. */
export interface SchemaOptions {
  mode: Mode;
  /** Values known to be valid, by member name (the schema cannot say which cities exist). */
  hints?: Readonly<Record<string, readonly unknown[]>>;
  /** JSON pointer of the value (default `""`, the body). */
  at?: string;
  /** Containers (objects, arrays) above the value; the body itself has 0. */
  depth?: number;
  /** The member name the value is under. */
  name?: string;
  /**
   * A valid value the schema cannot produce itself (its cross-member rules, e.g. a salary
   * for a full-time job): what `one fault` bends.
   */
  example?: unknown;
}

/** The API refuses a container this many levels down (docs/api.md: "deeper than 32"). */
const REFUSED_DEPTH = 32;
/** Chance that a member or item of a container is generated in the container's mode. */
const CHILD_IN_MODE = 0.35;

/** The characters of `s` (code points), as JSON Schema counts a string's length. */
const length = (s: string) => [...s].length;

/** `s` with each space at its ends made an `x`, so trimming it takes nothing off. */
const withoutSpaceAtEnds = (s: string) =>
  s.replace(/^\s+|\s+$/gu, (spaces) => "x".repeat(length(spaces)));

/** RFC 3339 date-times (JSON Schema's `date-time`), in UTC or with an offset. */
const dateTime = fc.tuple(
  fc.date({
    min: new Date("2000-01-01T00:00:00Z"),
    max: new Date("2100-01-01T00:00:00Z"),
    noInvalidDate: true,
  }),
  fc.constantFrom("Z", "+03:00", "-05:30"),
).map(([d, zone]) => d.toISOString().replace("Z", zone));

/** Values `schema` allows. */
function valid(schema: Schema, opts: SchemaOptions): fc.Arbitrary<Generated> {
  const at = opts.at ?? "";
  const hinted = opts.name ? opts.hints?.[opts.name] : undefined;
  if (hinted?.length) return fc.constantFrom(...hinted).map(ok);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum).map(ok);
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 }).map(ok);
  return fc.oneof(...types.map((type) => validOfType(type, schema, { ...opts, at })));
}

function validOfType(type: string, schema: Schema, opts: SchemaOptions): fc.Arbitrary<Generated> {
  switch (type) {
    case "string": {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 60, min + 60);
      if (schema.format === "uri") {
        return fc.webUrl({ validSchemes: ["https"] })
          .filter((u) => u.length <= (schema.maxLength ?? Infinity)).map(ok);
      }
      if (schema.format === "date-time") return dateTime.map(ok);
      if (schema.pattern) {
        return fc.stringMatching(new RegExp(schema.pattern))
          .filter((s) => length(s) >= min && length(s) <= (schema.maxLength ?? Infinity)).map(ok);
      }
      // Ends that are not spaces, at the same length: the API trims text before counting it.
      return acceptedText(min, max).map(withoutSpaceAtEnds).map(ok);
    }
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 })
        .map(ok);
    case "number":
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      }).map((n) => ok(Object.is(n, -0) ? 0 : n));
    case "boolean":
      return fc.boolean().map(ok);
    case "null":
      return fc.constant(ok(null));
    case "array":
      return arrayOf(schema, opts, "valid");
    case "object":
      return objectOf(schema, opts, "valid");
    default:
      return fc.jsonValue({ maxDepth: 1 }).map(ok);
  }
}

/** Each side of `schema`'s limits, and near misses of its enum. */
function boundary(schema: Schema, opts: SchemaOptions): fc.Arbitrary<Generated> {
  const at = opts.at ?? "";
  const types = typesOf(schema);
  const cases: fc.Arbitrary<Generated>[] = [];
  if (Array.isArray(schema.enum)) {
    const near = schema.enum.filter((v: unknown) => typeof v === "string").flatMap((v: string) => [
      v.toUpperCase(),
      ` ${v}`,
      `${v}\u200B`,
      v.slice(0, -1),
    ]).filter((v: string) => !schema.enum.includes(v));
    cases.push(fc.constantFrom(...schema.enum).map(ok));
    if (near.length) {
      cases.push(fc.constantFrom<string>(...near).map((v) => bad(v, at, "schema", "not in enum")));
    }
  } else if (schema.format === "date-time") {
    cases.push(
      dateTime.map(ok),
      fc.constantFrom("2025-03-01", "2025-03-01T10:00:00", "yesterday")
        .map((v) => bad(v, at, "schema", "not a date-time")),
    );
  } else if (types.includes("string") && schema.format !== "uri" && !schema.pattern) {
    const min = schema.minLength ?? 0;
    const lengths = [0, min - 1, min, schema.maxLength, schema.maxLength + 1]
      .filter((n): n is number => Number.isInteger(n) && n >= 0 && n <= 30_000);
    cases.push(
      fc.tuple(fc.constantFrom(...new Set(lengths)), fc.constantFrom("x", "\u0639", "\u{1F600}"))
        .map(([n, c]) => {
          const s = c.repeat(n);
          return n < min || n > (schema.maxLength ?? Infinity)
            ? bad(s, at, "schema", `${n} characters`)
            : ok(s);
        }),
    );
  } else if (schema.format === "uri") {
    const max = schema.maxLength ?? 2048;
    const url = (n: number) => "https://hooks.example.com/" + "p".repeat(n - 26);
    cases.push(fc.constantFrom(
      ok(url(max)),
      bad(url(max + 1), at, "schema", "longer than maxLength"),
      ok("http://hooks.example.com/"),
      ok("https://user:pw@hooks.example.com/"),
      ok("https://127.0.0.1/"),
      ok("https://[::ffff:7f00:1]/"),
      ok("https://0x7f.1/"),
      ok("HTTPS://HOOKS.EXAMPLE.COM"),
      ok("https://xn--mgbh0fb.example/"),
      bad("not a url", at, "schema", "not a URI"),
    ));
  }
  if (types.includes("integer") || types.includes("number")) {
    const lo = schema.minimum ?? 0;
    const hi = schema.maximum ?? 1_000_000;
    const numbers = [lo - 1, lo, hi, hi + 1, lo + 0.5, -0, 2 ** 53, 2 ** 31];
    cases.push(
      fc.constantFrom(...numbers).map((n) => {
        const problem = numberProblem(schema, n);
        return problem ? bad(n, at, "schema", problem) : ok(n);
      }),
    );
  }
  if (types.includes("array")) cases.push(arrayOf(schema, opts, "boundary"));
  if (types.includes("object")) cases.push(objectOf(schema, opts, "boundary"));
  if (types.includes("null")) cases.push(fc.constant(ok(null)));
  else cases.push(fc.constant(bad(null, at, "schema", "null")));
  return fc.oneof(...cases);
}

/** Anything: wrong types, refused text, odd numbers, raw tokens, nesting. */
function hostile(schema: Schema, opts: SchemaOptions): fc.Arbitrary<Generated> {
  const at = opts.at ?? "";
  const depth = opts.depth ?? 0;
  const types = typesOf(schema);
  const anyType = types.length === 0;
  const isString = anyType || types.includes("string");
  const cases: fc.Arbitrary<Generated>[] = [
    hostileText.map(({ value, refused }) => {
      const violations: Violation[] = [];
      if (refused) violations.push({ at, rule: "text", detail: "refused character" });
      if (!isString) violations.push({ at, rule: "schema", detail: "a string" });
      else if (schema.enum && !schema.enum.includes(value)) {
        violations.push({ at, rule: "schema", detail: "not in enum" });
      }
      return { value, violations };
    }),
    hostileNumberToken.map((token) => {
      let n: unknown;
      try {
        n = JSON.parse(token.text);
      } catch {
        return bad(token, at, "json", `${token.text} is not JSON`);
      }
      if (anyType) return ok(token);
      if (!types.includes("number") && !types.includes("integer")) {
        return bad(token, at, "schema", "a number");
      }
      const problem = numberProblem(schema, n as number);
      return problem ? bad(token, at, "schema", problem) : ok(token);
    }),
    // A raw control character inside a string is not JSON: it must be escaped.
    fc.constantFrom("\u0000", "\u0001", "\n").map((c) =>
      bad(new RawToken(`"a${c}b"`), at, "json", "unescaped control character")
    ),
    deepNesting(1, depth).map(({ value, deepest }) => {
      const violations: Violation[] = [];
      if (deepest >= REFUSED_DEPTH) violations.push({ at, rule: "depth", detail: `${deepest}` });
      if (!anyType && !types.includes("array")) {
        violations.push({ at, rule: "schema", detail: "an array" });
      }
      return { value, violations };
    }),
  ];
  if (!anyType) {
    cases.push(otherType(types).map((v) => bad(v, at, "schema", `a ${jsonType(v)}`)));
  }
  if (types.includes("integer") || types.includes("number")) {
    cases.push(
      fc.constantFrom(...NUMBERS_AS_TEXT).map((s) =>
        isString ? ok(s) : bad(s, at, "schema", "a string")
      ),
    );
  }
  // A container is mostly kept, its members made hostile, so the checks behind the first
  // one get their turn.
  const containers: fc.Arbitrary<Generated>[] = [];
  if (types.includes("array")) containers.push(arrayOf(schema, opts, "hostile"));
  if (types.includes("object")) containers.push(objectOf(schema, opts, "hostile"));
  if (containers.length === 0) return fc.oneof(...cases);
  return fc.oneof(
    { weight: 1, arbitrary: fc.oneof(...cases) },
    { weight: 3, arbitrary: fc.oneof(...containers) },
  );
}

/** A child generated in `mode` now and then, valid otherwise. */
function child(schema: Schema, opts: SchemaOptions, mode: Mode): fc.Arbitrary<Generated> {
  if (mode === "valid") return valid(schema, opts);
  return fc.oneof(
    {
      weight: Math.round(CHILD_IN_MODE * 100),
      arbitrary: schemaArbitrary(schema, { ...opts, mode }),
    },
    { weight: Math.round((1 - CHILD_IN_MODE) * 100), arbitrary: valid(schema, opts) },
  );
}

function arrayOf(schema: Schema, opts: SchemaOptions, mode: Mode): fc.Arbitrary<Generated> {
  const at = opts.at ?? "";
  const min = schema.minItems ?? 0;
  const max = schema.maxItems;
  const itemOpts = (i: number): SchemaOptions => ({
    ...opts,
    at: `${at}/${i}`,
    depth: (opts.depth ?? 0) + 1,
    name: undefined,
  });
  const items = (n: number, itemMode: Mode) =>
    fc.tuple(
      ...Array.from({ length: n }, (_, i) => child(schema.items ?? {}, itemOpts(i), itemMode)),
    );
  const counts = mode === "valid"
    ? fc.integer({ min, max: Math.min(max ?? min + 4, min + 4) })
    : fc.oneof(
      fc.integer({ min, max: Math.min(max ?? min + 4, min + 4) }),
      fc.constantFrom(...new Set([0, min - 1, min, max, (max ?? -2) + 1]))
        .filter((n): n is number => Number.isInteger(n) && n >= 0 && n <= 200),
    );
  return counts.chain((n) =>
    items(n, mode).map((generated) => {
      const violations = generated.flatMap((g) => g.violations);
      if (n < min) violations.push({ at, rule: "schema", detail: `${n} items < ${min}` });
      if (max !== undefined && n > max) {
        violations.push({ at, rule: "schema", detail: `${n} items > ${max}` });
      }
      return { value: generated.map((g) => g.value), violations };
    })
  );
}

function objectOf(schema: Schema, opts: SchemaOptions, mode: Mode): fc.Arbitrary<Generated> {
  const at = opts.at ?? "";
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const required = new Set<string>(schema.required ?? []);
  const closed = schema.additionalProperties === false;
  const member = (name: string, s: Schema) =>
    child(s, { ...opts, at: `${at}/${name}`, depth: (opts.depth ?? 0) + 1, name }, mode);
  const members = fc.tuple(
    ...properties.map(([name, s]) =>
      required.has(name)
        ? member(name, s).map((g) => [name, g] as const)
        : fc.option(member(name, s), { nil: undefined }).map((g) => [name, g] as const)
    ),
  ).map((pairs) => pairs.filter((p): p is readonly [string, Generated] => p[1] !== undefined));
  if (mode === "valid") return members.map(assemble);
  return fc.tuple(members, fc.nat(), objectTwist(at, closed, required)).map(
    ([pairs, pick, twist]) => twist(pairs.map(([n, g]) => [n, g]), pick),
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** `example` (a fresh copy each time) or, without one, a generated valid value. */
function validOrExample(schema: Schema, opts: SchemaOptions): fc.Arbitrary<Generated> {
  const { example } = opts;
  if (example === undefined) return valid(schema, opts);
  return fc.constant(example).map((e) => ok(structuredClone(e)));
}

/** A valid value with one member or item (or one level down, recursively) bent. */
function oneFault(schema: Schema, opts: SchemaOptions): fc.Arbitrary<Generated> {
  const at = opts.at ?? "";
  const depth = opts.depth ?? 0;
  const types = typesOf(schema);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  const bend = (s: Schema, o: SchemaOptions): fc.Arbitrary<Generated> => {
    const container = typesOf(s).some((t) => t === "object" || t === "array");
    const whole = fc.oneof(boundary(s, o), hostile(s, o));
    return container ? fc.oneof({ weight: 3, arbitrary: oneFault(s, o) }, whole) : whole;
  };
  if (types.includes("object") && names.length > 0) {
    const example = isObject(opts.example) ? opts.example : undefined;
    const others = validOrExample(schema, { ...opts, example }).map((g) =>
      Object.entries(g.value as Record<string, unknown>).map(([n, v]): Member => [n, ok(v)])
    );
    const member = fc.constantFrom(...names).chain((name) =>
      fc.tuple(
        others,
        bend(properties[name]!, {
          ...opts,
          at: `${at}/${name}`,
          depth: depth + 1,
          name,
          example: example?.[name],
        }),
      ).map(([rest, bent]) => assemble([...rest.filter(([n]) => n !== name), [name, bent]]))
    );
    const closed = schema.additionalProperties === false;
    const twist = fc.tuple(others, fc.nat(), objectTwist(at, closed, new Set(schema.required)))
      .map(([rest, pick, twistOf]) => twistOf(rest, pick));
    return fc.oneof({ weight: 4, arbitrary: member }, twist);
  }
  if (types.includes("array") && schema.items) {
    const items = validOrExample(schema, {
      ...opts,
      example: Array.isArray(opts.example) ? opts.example : undefined,
    }).map((g) => g.value as unknown[]);
    const item = items.filter((xs) => xs.length > 0).chain((xs) =>
      fc.nat({ max: xs.length - 1 }).chain((i) =>
        bend(schema.items, {
          ...opts,
          at: `${at}/${i}`,
          depth: depth + 1,
          name: undefined,
          example: xs[i],
        })
          .map((bent) => ({ value: xs.with(i, bent.value), violations: bent.violations }))
      )
    );
    return fc.oneof({ weight: 4, arbitrary: item }, arrayOf(schema, opts, "boundary"));
  }
  return fc.oneof(boundary(schema, opts), hostile(schema, opts));
}

/** Values of `schema` in `opts.mode`, each with what makes it one the API must refuse. */
export function schemaArbitrary(schema: Schema, opts: SchemaOptions): fc.Arbitrary<Generated> {
  switch (opts.mode) {
    case "valid":
      return validOrExample(schema, opts);
    case "one fault":
      return oneFault(schema, opts);
    case "boundary":
      return boundary(schema, opts);
    case "hostile":
      return hostile(schema, opts);
  }
}
