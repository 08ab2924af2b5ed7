import assert from "node:assert/strict";
import {
  completeSeeker,
  decodeSeeker,
  encodeSeeker,
  type Seeker,
  seekerInputSchema,
  seekerSchema,
  seekerText,
} from "./contract.ts";
import type { z } from "zod";

const ID = "seek_01J9Z3K8W5X7Q2R4T6V8Y0A2C4";

const valid = {
  id: ID,
  headline: "ICU Nurse",
  summary: "Eight years in adult critical care.",
  skills: ["ACLS", "Mechanical ventilation"],
  city: "Riyadh",
  employment_types: ["full_time", "contract"],
  salary_expectation: 14000,
  updated_at: "2025-03-01T08:30:00.000Z",
};

/** The paths (dotted) of the issues `schema` reports for `input`. */
function refusedPaths(input: unknown, schema: z.ZodType = seekerSchema): string[] {
  const result = schema.safeParse(input);
  assert.equal(result.success, false, `expected ${JSON.stringify(input)} to be refused`);
  return result.error!.issues.map((i) => i.path.join("."));
}

Deno.test("seekerSchema accepts a complete profile unchanged", () => {
  assert.deepEqual(seekerSchema.parse(valid), valid);
});

Deno.test("seekerSchema outputs the canonical city spelling", () => {
  for (const [input, canonical] of [["jiddah", "Jeddah"], ["Al-Khobar", "Al Khobar"]]) {
    assert.equal(seekerSchema.parse({ ...valid, city: input }).city, canonical);
  }
});

Deno.test("seekerSchema trims strings, dates in UTC and reads a missing salary as null", () => {
  const { salary_expectation: _, ...noSalary } = valid;
  const parsed = seekerSchema.parse({
    ...noSalary,
    headline: "  ICU Nurse ",
    skills: [" ACLS "],
    updated_at: "2025-03-01T11:30:00+03:00",
  });
  assert.equal(parsed.headline, "ICU Nurse");
  assert.deepEqual(parsed.skills, ["ACLS"]);
  assert.equal(parsed.updated_at, "2025-03-01T08:30:00.000Z");
  assert.equal(parsed.salary_expectation, null);
  assert.equal(seekerSchema.parse({ ...valid, salary_expectation: null }).salary_expectation, null);
});

Deno.test("seekerSchema refuses an id that is not seek_<ULID>", () => {
  for (const id of ["", "seek_123", "job_01J9Z3K8W5X7Q2R4T6V8Y0A2C4", ID.toLowerCase(), 7]) {
    assert.deepEqual(refusedPaths({ ...valid, id }), ["id"], String(id));
  }
});

Deno.test("seekerSchema holds the headline to 1–200 characters, counted as characters", () => {
  assert.deepEqual(refusedPaths({ ...valid, headline: "   " }), ["headline"]);
  assert.deepEqual(refusedPaths({ ...valid, headline: "x".repeat(201) }), ["headline"]);
  assert.equal(seekerSchema.parse({ ...valid, headline: "x".repeat(200) }).headline.length, 200);
  // 200 emoji are 400 UTF-16 units but 200 characters.
  assert.ok(seekerSchema.safeParse({ ...valid, headline: "🩺".repeat(200) }).success);
});

Deno.test("seekerSchema holds the summary to 0–5,000 characters", () => {
  assert.equal(seekerSchema.parse({ ...valid, summary: "" }).summary, "");
  assert.ok(seekerSchema.safeParse({ ...valid, summary: "س".repeat(5000) }).success);
  assert.deepEqual(refusedPaths({ ...valid, summary: "س".repeat(5001) }), ["summary"]);
});

Deno.test("seekerSchema holds skills to 50 non-empty strings of at most 100 characters", () => {
  assert.deepEqual(seekerSchema.parse({ ...valid, skills: [] }).skills, []);
  const fifty = Array.from({ length: 50 }, (_, i) => `skill ${i}`);
  assert.ok(seekerSchema.safeParse({ ...valid, skills: fifty }).success);
  assert.deepEqual(refusedPaths({ ...valid, skills: [...fifty, "one more"] }), ["skills"]);
  assert.deepEqual(refusedPaths({ ...valid, skills: ["ok", " "] }), ["skills.1"]);
  assert.deepEqual(refusedPaths({ ...valid, skills: ["x".repeat(101)] }), ["skills.0"]);
  assert.deepEqual(refusedPaths({ ...valid, skills: "ACLS" }), ["skills"]);
});

Deno.test("seekerSchema refuses cities outside Saudi Arabia", () => {
  for (const city of ["Dubai", "Cairo", "", "x".repeat(300)]) {
    assert.deepEqual(refusedPaths({ ...valid, city }), ["city"], city);
  }
});

Deno.test("seekerSchema wants a non-empty list of distinct known employment types", () => {
  assert.deepEqual(refusedPaths({ ...valid, employment_types: [] }), ["employment_types"]);
  assert.deepEqual(refusedPaths({ ...valid, employment_types: ["full_time", "gig"] }), [
    "employment_types.1",
  ]);
  assert.deepEqual(
    refusedPaths({ ...valid, employment_types: ["contract", "full_time", "contract"] }),
    ["employment_types.2"],
  );
  assert.deepEqual(refusedPaths({ ...valid, employment_types: "full_time" }), [
    "employment_types",
  ]);
});

Deno.test("seekerSchema wants the salary expectation as a whole number of SAR, at least 0", () => {
  assert.equal(seekerSchema.parse({ ...valid, salary_expectation: 0 }).salary_expectation, 0);
  for (const salary_expectation of [-1, 1500.5, "9000", Infinity]) {
    assert.deepEqual(refusedPaths({ ...valid, salary_expectation }), ["salary_expectation"]);
  }
});

Deno.test("seekerSchema wants updated_at as an ISO 8601 date-time", () => {
  for (const updated_at of ["2025-03-01", "yesterday", "2025-03-01T08:30:00", 1740817800000]) {
    assert.deepEqual(refusedPaths({ ...valid, updated_at }), ["updated_at"], String(updated_at));
  }
});

Deno.test("seekerSchema refuses unknown fields and missing required ones", () => {
  const result = seekerSchema.safeParse({ ...valid, skils: ["typo"], partner_id: "ptr_1" });
  assert.equal(result.success, false);
  assert.deepEqual(result.error!.issues.map((i) => i.code), ["unrecognized_keys"]);
  for (const field of ["id", "headline", "summary", "skills", "city", "employment_types"]) {
    const { [field]: _, ...rest } = valid as Record<string, unknown>;
    assert.deepEqual(refusedPaths(rest), [field], field);
  }
  const { updated_at: _, ...noDate } = valid;
  assert.deepEqual(refusedPaths(noDate), ["updated_at"]);
});

Deno.test("seekerInputSchema lets id and updated_at be missing but keeps every other rule", () => {
  const { id: _, updated_at: __, ...bare } = valid;
  const parsed = seekerInputSchema.parse(bare);
  assert.equal(parsed.id, undefined);
  assert.equal(parsed.updated_at, undefined);
  assert.deepEqual(refusedPaths({ ...bare, city: "Dubai" }, seekerInputSchema), ["city"]);
  assert.deepEqual(refusedPaths({ ...bare, id: "seek_1" }, seekerInputSchema), ["id"]);
  assert.equal(seekerInputSchema.safeParse({ ...bare, extra: true }).success, false);
});

Deno.test("completeSeeker fills a missing id and updated_at and keeps given ones", () => {
  const { id: _, updated_at: __, ...bare } = valid;
  const fill = { newId: () => "seek_01J9Z3K8W5X7Q2R4T6V8Y0A2C5", now: new Date(0) };
  const filled = completeSeeker(seekerInputSchema.parse(bare), fill);
  assert.equal(filled.id, "seek_01J9Z3K8W5X7Q2R4T6V8Y0A2C5");
  assert.equal(filled.updated_at, "1970-01-01T00:00:00.000Z");
  assert.ok(seekerSchema.safeParse(filled).success);
  assert.deepEqual(completeSeeker(seekerInputSchema.parse(valid), fill), valid);
});

Deno.test("encodeSeeker keys by seeker id and decodeSeeker round-trips the value", () => {
  const seeker = seekerSchema.parse(valid);
  const message = encodeSeeker(seeker);
  assert.equal(message.key, ID);
  assert.deepEqual(decodeSeeker(message.value), seeker);
  assert.deepEqual(decodeSeeker(new TextEncoder().encode(message.value)), seeker);
});

Deno.test("encodeSeeker refuses an invalid profile and decodeSeeker a malformed value", () => {
  assert.throws(() => encodeSeeker({ ...valid, city: "Dubai" } as Seeker));
  assert.throws(() => decodeSeeker("{"), SyntaxError);
  assert.throws(() => decodeSeeker(JSON.stringify({ ...valid, extra: 1 })));
});

Deno.test("seekerText puts headline, skills, then summary, and leaves out city and terms", () => {
  const seeker = seekerSchema.parse(valid);
  assert.equal(
    seekerText(seeker),
    "ICU Nurse\nACLS, Mechanical ventilation\nEight years in adult critical care.",
  );
  assert.equal(seekerText({ ...seeker, skills: [], summary: "" }), "ICU Nurse");
  assert.doesNotMatch(seekerText(seeker), /Riyadh|full_time|14000/);
});
