/**
 * zod schemas of the partner-writable job fields: the single source for validation at the
 * edge and, later, for the generated API reference.
 *
 * Custom issues carry `params.code` (a field error code of `@hire/errors`) and its
 * parameters, so the edge can turn every issue into a bilingual field error.
 * @module
 */
import { characterCount } from "@hire/text";
import { z } from "zod";
import { canonicalCity } from "./cities.ts";
import { EMPLOYMENT_TYPES, JOB_STATUSES, type JobFields } from "./job.ts";
import { crossFieldErrors } from "./rules.ts";

/** Limits of the spec's Job table. */
export const LIMITS = {
  titleMin: 3,
  titleMax: 200,
  descriptionMax: 20_000,
  /** A monthly salary in SAR above this is a typo, not a salary. */
  salaryMax: 10_000_000,
} as const;

// Lengths are counted in Unicode characters, not UTF-16 units, so an emoji counts once.
const chars = (min: number, max: number) =>
  z.string().trim().superRefine((s, ctx) => {
    const n = characterCount(s);
    if (n < min) ctx.addIssue({ code: "custom", params: { code: "too_short", min } });
    else if (n > max) ctx.addIssue({ code: "custom", params: { code: "too_long", max } });
  });

const city = z.string().transform((s, ctx) => {
  const canonical = canonicalCity(s);
  if (canonical) return canonical;
  ctx.addIssue({ code: "custom", params: { code: "unknown_city" } });
  return z.NEVER;
});

const salary = z.number().int().min(0).max(LIMITS.salaryMax);

// Descriptions (`.meta`) are what the API reference says of each field; they change nothing
// at run time.
const salaryMax = LIMITS.salaryMax.toLocaleString("en-US");
const fields = {
  title: chars(LIMITS.titleMin, LIMITS.titleMax).meta({
    description: `${LIMITS.titleMin} to ${LIMITS.titleMax} characters after trimming ` +
      "surrounding spaces, counted as Unicode characters (an Arabic letter or an emoji is " +
      "one). Used in matching.",
    minLength: LIMITS.titleMin,
    maxLength: LIMITS.titleMax,
  }),
  description: chars(1, LIMITS.descriptionMax).meta({
    description: `1 to ${LIMITS.descriptionMax.toLocaleString("en-US")} characters after ` +
      "trimming. Used in matching.",
    minLength: 1,
    maxLength: LIMITS.descriptionMax,
  }),
  city: city.meta({
    description: "A city of Saudi Arabia, in English. Case, spacing, hyphens, apostrophes, " +
      "diacritics and the Arabic article are forgiven and common spellings accepted " +
      "(Jiddah → Jeddah, Mecca → Makkah, Khobar → Al Khobar); the job stores and returns " +
      "the canonical spelling. Anything else is refused with `unknown_city`.",
  }),
  employment_type: z.enum(EMPLOYMENT_TYPES).meta({
    description: "`full_time` and `contract` need a `salary_min`.",
  }),
  salary_min: salary.nullable().meta({
    description: `Monthly, in SAR, 0 to ${salaryMax}. Required (not null) when ` +
      "`employment_type` is `full_time` or `contract`.",
  }),
  salary_max: salary.nullable().meta({
    description: `Monthly, in SAR, 0 to ${salaryMax}; at least \`salary_min\` when ` +
      "both are set.",
  }),
  currency: z.literal("SAR").meta({ description: "Only `SAR`, the default." }),
  status: z.enum(JOB_STATUSES).meta({
    description: "`active`, `paused` or `closed`, in any order (a closed job can be reopened). " +
      "Only `active` jobs are matched.",
  }),
};

/** Adds the cross-field rules to a schema whose output is a whole job. */
function withRules<T extends Pick<JobFields, "employment_type" | "salary_min" | "salary_max">>(
  value: T,
  ctx: z.RefinementCtx,
) {
  for (const e of crossFieldErrors(value)) {
    ctx.addIssue({
      code: "custom",
      path: [e.field.slice(1)],
      params: { code: e.code, other: value.employment_type },
    });
  }
}

/** Body of `POST /v1/partner/jobs`. title, description, city, employment_type are required. */
export const jobCreateSchema = z.strictObject({
  title: fields.title,
  description: fields.description,
  city: fields.city,
  employment_type: fields.employment_type,
  salary_min: fields.salary_min.default(null),
  salary_max: fields.salary_max.default(null),
  currency: fields.currency.default("SAR"),
}).superRefine(withRules);

/** A validated create body. */
export type JobCreate = z.output<typeof jobCreateSchema>;

/**
 * Body of `PATCH /v1/partner/jobs/:id`: any create field plus `status`, all optional.
 * Cross-field rules are checked by the job service on the merged job.
 */
export const jobUpdateSchema = z.strictObject({
  title: fields.title.optional(),
  description: fields.description.optional(),
  city: fields.city.optional(),
  employment_type: fields.employment_type.optional(),
  salary_min: fields.salary_min.optional(),
  salary_max: fields.salary_max.optional(),
  currency: fields.currency.optional(),
  status: fields.status.optional(),
});

/** A validated partial update. */
export type JobUpdate = z.output<typeof jobUpdateSchema>;

/** Most jobs in one bulk create call. */
export const BULK_MAX_JOBS = 100;

/**
 * The envelope of `POST /v1/partner/jobs/bulk`, validated first and on its own: each item
 * is then validated with {@link jobCreateSchema}, so one bad item never fails the others.
 */
export const bulkEnvelopeSchema = z.strictObject({
  jobs: z.array(z.unknown()).min(1).max(BULK_MAX_JOBS),
});

/** The whole bulk create body as documented: the envelope with create bodies as items. */
export const bulkCreateSchema = z.strictObject({
  jobs: z.array(jobCreateSchema).min(1).max(BULK_MAX_JOBS),
});
