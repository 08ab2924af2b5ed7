import assert from "node:assert/strict";
import { EMPLOYMENT_TYPES } from "@hire/jobs";
import { jobPostingJsonLd, jsonLdScript } from "./json_ld.ts";
import type { SiteJob } from "./site_job.ts";

const PAGE_URL = "https://jobs.example.sa/en/jobs/job_01HXXXXXXXXXXXXXXXXXXXXXXX";
const HTML = "<p>Build <strong>things</strong>.</p>";

function job(overrides: Partial<SiteJob> = {}): SiteJob {
  return {
    id: "job_01HXXXXXXXXXXXXXXXXXXXXXXX",
    title: "Backend Engineer",
    description: "Build **things**.",
    city: "Riyadh",
    employment_type: "full_time",
    salary_min: 9000,
    salary_max: 14000,
    currency: "SAR",
    status: "active",
    // 22:30 UTC is already the 25th in Riyadh.
    created_at: new Date("2026-11-24T22:30:00Z"),
    updated_at: new Date("2026-11-26T08:00:00Z"),
    deleted_at: null,
    content_version: 1,
    partner_name: "Acme Recruiting",
    ...overrides,
  };
}

const ld = (j: SiteJob) => jobPostingJsonLd(j, { descriptionHtml: HTML, url: PAGE_URL });

function record(value: unknown, name: string): Record<string, unknown> {
  assert.equal(typeof value, "object", `${name} is an object`);
  assert.notEqual(value, null, `${name} is not null`);
  return value as Record<string, unknown>;
}

/** The properties Google lists as required for JobPosting, with their types. */
function assertGoogleRequired(data: Record<string, unknown>) {
  assert.equal(data["@context"], "https://schema.org");
  assert.equal(data["@type"], "JobPosting");
  assert.equal(typeof data.title, "string");
  assert.equal(typeof data.description, "string");
  assert.match(String(data.datePosted), /^\d{4}-\d{2}-\d{2}$/);
  const org = record(data.hiringOrganization, "hiringOrganization");
  assert.equal(org["@type"], "Organization");
  assert.equal(typeof org.name, "string");
  const place = record(data.jobLocation, "jobLocation");
  assert.equal(place["@type"], "Place");
  const address = record(place.address, "address");
  assert.equal(address["@type"], "PostalAddress");
  assert.equal(address.addressCountry, "SA");
  assert.equal(typeof address.addressLocality, "string");
}

Deno.test("jobPostingJsonLd has Google's required properties with a salary", () => {
  const data = ld(job());
  assertGoogleRequired(data);
  assert.equal(data.title, "Backend Engineer");
  assert.equal(data.description, HTML);
  assert.equal(data.datePosted, "2026-11-25");
  assert.deepEqual(data.identifier, {
    "@type": "PropertyValue",
    name: "Acme Recruiting",
    value: "job_01HXXXXXXXXXXXXXXXXXXXXXXX",
  });
  assert.deepEqual(data.hiringOrganization, { "@type": "Organization", name: "Acme Recruiting" });
  assert.equal(
    record(record(data.jobLocation, "place").address, "address").addressLocality,
    "Riyadh",
  );
  assert.equal(data.employmentType, "FULL_TIME");
  assert.equal(data.url, PAGE_URL);
  assert.equal(data.directApply, false);
  assert.equal("validThrough" in data, false);
  assert.deepEqual(data.baseSalary, {
    "@type": "MonetaryAmount",
    currency: "SAR",
    value: { "@type": "QuantitativeValue", minValue: 9000, maxValue: 14000, unitText: "MONTH" },
  });
});

Deno.test("jobPostingJsonLd has Google's required properties and no baseSalary without a salary", () => {
  const data = ld(job({ employment_type: "internship", salary_min: null, salary_max: null }));
  assertGoogleRequired(data);
  assert.equal("baseSalary" in data, false);
});

Deno.test("jobPostingJsonLd gives one bound as a bound and equal bounds as a value", () => {
  const value = (min: number | null, max: number | null) =>
    record(ld(job({ salary_min: min, salary_max: max })).baseSalary, "baseSalary").value;
  const unit = { "@type": "QuantitativeValue", unitText: "MONTH" };
  assert.deepEqual(value(9000, null), { ...unit, minValue: 9000 });
  assert.deepEqual(value(null, 14000), { ...unit, maxValue: 14000 });
  assert.deepEqual(value(9000, 9000), { ...unit, value: 9000 });
  assert.deepEqual(value(0, null), { ...unit, minValue: 0 });
});

Deno.test("jobPostingJsonLd maps every employment type to Google's values", () => {
  const expected = {
    full_time: "FULL_TIME",
    part_time: "PART_TIME",
    contract: "CONTRACTOR",
    internship: "INTERN",
  };
  for (const type of EMPLOYMENT_TYPES) {
    assert.equal(ld(job({ employment_type: type })).employmentType, expected[type]);
  }
});

Deno.test("jsonLdScript cannot close the script element and round-trips through JSON.parse", () => {
  const data = ld(job({
    title: "</script><script>alert(1)</script> <!-- & -->",
    partner_name: "A & B <Co> \u2028\u2029",
  }));
  const text = jsonLdScript(data);
  assert.doesNotMatch(text, /[<>&\u2028\u2029]/);
  assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(data)));
  assert.equal(JSON.parse(text).title, "</script><script>alert(1)</script> <!-- & -->");
});

Deno.test("jsonLdScript leaves safe text as JSON.stringify writes it", () => {
  const data = { "@type": "Thing", name: 'مهندس "برمجيات" \\ 9,000' };
  assert.equal(jsonLdScript(data), JSON.stringify(data));
});
