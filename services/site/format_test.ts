import assert from "node:assert/strict";
import { EMPLOYMENT_TYPES } from "@hire/jobs";
import {
  employmentTypeLabel,
  formatNumber,
  formatPostedDate,
  formatSalary,
  isoDate,
  isoDateTime,
} from "./format.ts";

const salary = (salary_min: number | null, salary_max: number | null) => ({
  salary_min,
  salary_max,
});

Deno.test("formatSalary in English: range with en dash, single bounds, equal bounds", () => {
  assert.equal(formatSalary(salary(9000, 14000), "en"), "SAR 9,000–14,000 / month");
  assert.equal(formatSalary(salary(9000, null), "en"), "From SAR 9,000 / month");
  assert.equal(formatSalary(salary(null, 14000), "en"), "Up to SAR 14,000 / month");
  assert.equal(formatSalary(salary(9000, 9000), "en"), "SAR 9,000 / month");
  assert.equal(formatSalary(salary(1_250_000, null), "en"), "From SAR 1,250,000 / month");
});

Deno.test("formatSalary in Arabic: Western digits, range in words so bidi cannot reverse it", () => {
  assert.equal(formatSalary(salary(9000, 14000), "ar"), "من 9,000 إلى 14,000 ريال سعودي شهريًا");
  assert.equal(formatSalary(salary(9000, null), "ar"), "من 9,000 ريال سعودي شهريًا");
  assert.equal(formatSalary(salary(null, 14000), "ar"), "حتى 14,000 ريال سعودي شهريًا");
  assert.equal(formatSalary(salary(9000, 9000), "ar"), "9,000 ريال سعودي شهريًا");
});

Deno.test("formatSalary is undefined without a salary and treats 0 as stated", () => {
  assert.equal(formatSalary(salary(null, null), "en"), undefined);
  assert.equal(formatSalary(salary(null, null), "ar"), undefined);
  assert.equal(formatSalary(salary(0, null), "en"), "From SAR 0 / month");
});

Deno.test("formatNumber uses Western digits and no invisible bidi marks in Arabic", () => {
  const ar = formatNumber(1234567, "ar");
  assert.equal(ar, "1,234,567");
  assert.doesNotMatch(ar, /[\u0660-\u0669\u06f0-\u06f9\u061c\u200e\u200f]/);
});

Deno.test("employmentTypeLabel covers every employment type in both languages", () => {
  const expected = {
    full_time: ["Full-time", "دوام كامل"],
    part_time: ["Part-time", "دوام جزئي"],
    contract: ["Contract", "عقد"],
    internship: ["Internship", "تدريب"],
  };
  for (const type of EMPLOYMENT_TYPES) {
    assert.deepEqual(
      [employmentTypeLabel(type, "en"), employmentTypeLabel(type, "ar")],
      expected[type],
    );
  }
});

Deno.test("formatPostedDate is Gregorian with Western digits in both languages", () => {
  const date = new Date("2026-11-24T09:00:00Z");
  assert.equal(formatPostedDate(date, "en"), "24 November 2026");
  assert.equal(formatPostedDate(date, "ar"), "24 نوفمبر 2026");
});

Deno.test("formatPostedDate and isoDate name the Riyadh day, not the UTC one", () => {
  // 22:30 UTC is 01:30 the next day in Riyadh (UTC+3).
  const late = new Date("2026-11-24T22:30:00Z");
  assert.equal(formatPostedDate(late, "en"), "25 November 2026");
  assert.equal(formatPostedDate(late, "ar"), "25 نوفمبر 2026");
  assert.equal(isoDate(late), "2026-11-25");
  assert.equal(isoDate(new Date("2026-01-05T20:59:59Z")), "2026-01-05");
});

Deno.test("isoDateTime is RFC 3339 UTC to the second", () => {
  assert.equal(isoDateTime(new Date("2026-11-24T22:30:05.123Z")), "2026-11-24T22:30:05Z");
  assert.match(isoDateTime(new Date(0)), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
});
