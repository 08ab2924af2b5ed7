import assert from "node:assert/strict";
import type { FieldError } from "@hire/errors";
import { jobCreateSchema, jobUpdateSchema } from "@hire/jobs";
import type { z } from "zod";
import { ApiError } from "./problem.ts";
import { refuseInvalid } from "./validation.ts";

/** Parses `input` as a route's body validator does, refusing it through the routes' hook. */
function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  refuseInvalid({ target: "json", success: false, error: result.error, data: input });
  throw new Error("refuseInvalid let an invalid body through");
}

const ARABIC_LETTER = /\p{Script=Arabic}/u;

/** A valid create body; part_time so that no salary is required. */
function body(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Backend Engineer",
    description: "Build and run the hiring API.",
    city: "Riyadh",
    employment_type: "part_time",
    ...over,
  };
}

/** The field errors the routes' hook throws for `input`; fails the test if it does not throw. */
function errorsOf(schema: z.ZodType, input: unknown): FieldError[] {
  try {
    validate(schema, input);
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected an ApiError, got ${err}`);
    assert.equal(err.code, "partner.validation_failed");
    assert.equal(err.status, 422);
    const errors = err.opts.errors ?? [];
    for (const e of errors) {
      assert.ok(e.message.length > 0, `empty message for ${e.field} ${e.code}`);
      assert.ok(e.messageAr.length > 0, `empty messageAr for ${e.field} ${e.code}`);
      assert.match(e.messageAr, ARABIC_LETTER, `messageAr of ${e.code} has no Arabic`);
    }
    return errors;
  }
  assert.fail(`expected ${JSON.stringify(input)?.slice(0, 80)} to be rejected`);
}

/** The [field, code] pairs of the errors, for compact assertions. */
function pairs(errors: FieldError[]): [string, string][] {
  return errors.map((e) => [e.field, e.code]);
}

Deno.test("validate accepts a valid create body and applies defaults and canonical city", () => {
  const job = validate(jobCreateSchema, body({ city: "jiddah", title: "  Backend Engineer  " }));
  assert.deepEqual(job, {
    title: "Backend Engineer",
    description: "Build and run the hiring API.",
    city: "Jeddah",
    employment_type: "part_time",
    salary_min: null,
    salary_max: null,
    currency: "SAR",
  });
});

Deno.test("validate reports every missing required field as required at its pointer", () => {
  const errors = errorsOf(jobCreateSchema, {});
  assert.deepEqual(pairs(errors), [
    ["/title", "required"],
    ["/description", "required"],
    ["/city", "required"],
    ["/employment_type", "required"],
  ]);
  for (const e of errors) assert.equal(e.message, "This field is required.", e.field);
});

Deno.test("validate reports a single missing field as required and nothing else", () => {
  for (const field of ["title", "description", "city", "employment_type"]) {
    const input = body();
    delete input[field];
    assert.deepEqual(pairs(errorsOf(jobCreateSchema, input)), [[`/${field}`, "required"]], field);
  }
});

Deno.test("validate reports wrong types as invalid_type naming the expected type", () => {
  const errors = errorsOf(
    jobCreateSchema,
    body({ title: 42, description: null, salary_min: "1000", salary_max: true }),
  );
  assert.deepEqual(pairs(errors), [
    ["/title", "invalid_type"],
    ["/description", "invalid_type"],
    ["/salary_min", "invalid_type"],
    ["/salary_max", "invalid_type"],
  ]);
  assert.equal(errors[0]?.message, "Expected a string.");
  assert.equal(errors[2]?.message, "Expected a number.");
});

Deno.test("validate reports a body that is not an object as invalid_type at the root", () => {
  for (const input of [null, [], "job", 7]) {
    const errors = errorsOf(jobCreateSchema, input);
    assert.deepEqual(pairs(errors), [["", "invalid_type"]], JSON.stringify(input));
    assert.equal(errors[0]?.message, "Expected an object.");
  }
});

Deno.test("validate reports a fractional salary as not_integer", () => {
  const errors = errorsOf(jobCreateSchema, body({ salary_min: 1.5 }));
  assert.deepEqual(pairs(errors), [["/salary_min", "not_integer"]]);
});

Deno.test("validate reports a negative salary as too_small with min 0", () => {
  const errors = errorsOf(jobCreateSchema, body({ salary_max: -1 }));
  assert.deepEqual(pairs(errors), [["/salary_max", "too_small"]]);
  assert.equal(errors[0]?.message, "Must be at least 0.");
});

Deno.test("validate reports a salary above the limit as too_big", () => {
  const errors = errorsOf(jobCreateSchema, body({ salary_min: 10_000_001 }));
  assert.deepEqual(pairs(errors), [["/salary_min", "too_big"]]);
  assert.equal(errors[0]?.message, "Must be at most 10000000.");
});

Deno.test("validate reports an unknown field as unknown_field at its pointer", () => {
  const errors = errorsOf(jobCreateSchema, body({ foo: 1 }));
  assert.deepEqual(pairs(errors), [["/foo", "unknown_field"]]);
});

Deno.test("validate escapes an unknown field's name in its JSON pointer", () => {
  const errors = errorsOf(jobUpdateSchema, { "a/b~c": 1 });
  assert.deepEqual(pairs(errors), [["/a~1b~0c", "unknown_field"]]);
});

Deno.test("validate reports a bad enum as invalid_enum listing the allowed values", () => {
  const errors = errorsOf(jobCreateSchema, body({ employment_type: "freelance" }));
  assert.deepEqual(pairs(errors), [["/employment_type", "invalid_enum"]]);
  assert.equal(errors[0]?.message, "Must be one of: full_time, part_time, contract, internship.");
  for (const value of ["full_time", "part_time", "contract", "internship"]) {
    assert.ok(errors[0]?.messageAr.includes(value), value);
  }
});

Deno.test("validate reports a bad status on update as invalid_enum listing the statuses", () => {
  const errors = errorsOf(jobUpdateSchema, { status: "archived" });
  assert.deepEqual(pairs(errors), [["/status", "invalid_enum"]]);
  assert.equal(errors[0]?.message, "Must be one of: active, paused, closed.");
});

Deno.test("validate reports an unknown city as unknown_city", () => {
  for (const city of ["Dubai", "Cairo", "Nowhere"]) {
    const errors = errorsOf(jobCreateSchema, body({ city }));
    assert.deepEqual(pairs(errors), [["/city", "unknown_city"]], city);
  }
});

Deno.test("validate reports currency USD as invalid_enum allowing only SAR", () => {
  const errors = errorsOf(jobCreateSchema, body({ currency: "USD" }));
  assert.deepEqual(pairs(errors), [["/currency", "invalid_enum"]]);
  assert.equal(errors[0]?.message, "Must be one of: SAR.");
});

Deno.test("validate title boundaries: 2 too_short, 3 and 200 valid, 201 too_long", () => {
  assert.deepEqual(pairs(errorsOf(jobCreateSchema, body({ title: "ab" }))), [
    ["/title", "too_short"],
  ]);
  assert.equal(validate(jobCreateSchema, body({ title: "abc" })).title, "abc");
  assert.equal(validate(jobCreateSchema, body({ title: "a".repeat(200) })).title.length, 200);
  const long = errorsOf(jobCreateSchema, body({ title: "a".repeat(201) }));
  assert.deepEqual(pairs(long), [["/title", "too_long"]]);
  assert.equal(long[0]?.message, "Must be at most 200 characters.");
});

Deno.test("validate title counts Unicode characters: 200 emoji are valid, 201 too_long", () => {
  const emoji200 = "😀".repeat(200); // 400 UTF-16 code units
  assert.equal(emoji200.length, 400);
  assert.equal(validate(jobCreateSchema, body({ title: emoji200 })).title, emoji200);
  assert.deepEqual(pairs(errorsOf(jobCreateSchema, body({ title: "😀".repeat(201) }))), [
    ["/title", "too_long"],
  ]);
});

Deno.test("validate title is trimmed before its length is checked", () => {
  assert.deepEqual(pairs(errorsOf(jobCreateSchema, body({ title: "  ab   " }))), [
    ["/title", "too_short"],
  ]);
});

Deno.test("validate description: 20,000 characters valid, 20,001 too_long", () => {
  const ok = validate(jobCreateSchema, body({ description: "d".repeat(20_000) }));
  assert.equal(ok.description.length, 20_000);
  assert.deepEqual(pairs(errorsOf(jobCreateSchema, body({ description: "d".repeat(20_001) }))), [
    ["/description", "too_long"],
  ]);
});

Deno.test("validate reports full_time without salary_min as salary_required", () => {
  const errors = errorsOf(jobCreateSchema, body({ employment_type: "full_time" }));
  assert.deepEqual(pairs(errors), [["/salary_min", "salary_required"]]);
});

Deno.test("validate accepts full_time with a salary_min", () => {
  const job = validate(jobCreateSchema, body({ employment_type: "full_time", salary_min: 9000 }));
  assert.equal(job.salary_min, 9000);
  assert.equal(job.salary_max, null);
});

Deno.test({
  name: "validate salary_required message names the employment type",
  fn() {
    const [error] = errorsOf(jobCreateSchema, body({ employment_type: "full_time" }));
    assert.equal(error?.message, "Required when employment_type is full_time.");
    assert.ok(!error?.messageAr.includes("undefined"));
  },
});

Deno.test("validate reports salary_max below salary_min as salary_range on /salary_max", () => {
  const errors = errorsOf(jobCreateSchema, body({ salary_min: 10_000, salary_max: 9_999 }));
  assert.deepEqual(pairs(errors), [["/salary_max", "salary_range"]]);
  assert.equal(
    validate(jobCreateSchema, body({ salary_min: 10_000, salary_max: 10_000 })).salary_max,
    10_000,
  );
});

Deno.test("validate lists every problem of a body at once", () => {
  const errors = errorsOf(
    jobCreateSchema,
    body({ title: "x", city: "Dubai", currency: "USD", salary_min: -5, extra: true }),
  );
  assert.deepEqual(pairs(errors).sort(), [
    ["/city", "unknown_city"],
    ["/currency", "invalid_enum"],
    ["/extra", "unknown_field"],
    ["/salary_min", "too_small"],
    ["/title", "too_short"],
  ]);
});

Deno.test("validate accepts an empty or partial update body", () => {
  assert.deepEqual(validate(jobUpdateSchema, {}), {});
  assert.deepEqual(validate(jobUpdateSchema, { status: "paused", city: "riyadh" }), {
    status: "paused",
    city: "Riyadh",
  });
});

Deno.test("validate reports update field problems with the same codes as create", () => {
  const errors = errorsOf(jobUpdateSchema, {
    title: "ab",
    salary_min: 1.5,
    employment_type: "gig",
    city: "London",
  });
  assert.deepEqual(pairs(errors).sort(), [
    ["/city", "unknown_city"],
    ["/employment_type", "invalid_enum"],
    ["/salary_min", "not_integer"],
    ["/title", "too_short"],
  ]);
});

Deno.test("validate throws an ApiError partner.validation_failed, 422, carrying the errors", () => {
  assert.throws(
    () => validate(jobCreateSchema, body({ title: "ab", foo: 1 })),
    (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.code, "partner.validation_failed");
      assert.equal(err.status, 422);
      assert.deepEqual(pairs(err.opts.errors ?? []).sort(), [
        ["/foo", "unknown_field"],
        ["/title", "too_short"],
      ]);
      return true;
    },
  );
});
