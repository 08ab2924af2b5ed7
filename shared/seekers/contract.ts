/**
 * Contract of topic `seekers.v1`: the latest profile of every job seeker. Key: the seeker
 * id, so the topic is compacted to one profile per seeker and a new consumer rebuilds
 * every profile by reading it from the beginning. Value: the profile as JSON.
 *
 * Custom issues carry `params.code` (a field error code of `@hire/errors`) and its
 * parameters, as the job schemas do, so an API edge could turn them into bilingual field
 * errors; their `message` is the English text of that field error.
 * @module
 */
import { fieldError, type FieldErrorCode, type FieldErrorParams } from "@hire/errors";
import { isId } from "@hire/ids";
import { canonicalCity, EMPLOYMENT_TYPES } from "@hire/jobs";
import { characterCount } from "@hire/text";
import { z } from "zod";

/** Default name of the topic; deployments may override it with `TOPIC_SEEKERS`. */
export const SEEKERS_TOPIC = "seekers.v1";

/** Limits of a seeker profile. Lengths are Unicode characters, not UTF-16 units. */
export const SEEKER_LIMITS = {
  headlineMax: 200,
  summaryMax: 5_000,
  skillsMax: 50,
  skillMax: 100,
} as const;

function addIssue(
  ctx: z.RefinementCtx,
  code: FieldErrorCode,
  params: FieldErrorParams = {},
  path: PropertyKey[] = [],
) {
  ctx.addIssue({
    code: "custom",
    path,
    message: fieldError("", code, params).message,
    params: { code, ...params },
  });
}

// Trimmed first, so "  " is empty and padding does not count against the limit.
const chars = (min: number, max: number) =>
  z.string().trim().superRefine((s, ctx) => {
    const n = characterCount(s);
    if (n < min) addIssue(ctx, "too_short", { min });
    else if (n > max) addIssue(ctx, "too_long", { max });
  });

const id = z.string().superRefine((s, ctx) => {
  if (!isId("seek", s)) addIssue(ctx, "invalid_format", { expected: "seek_<ULID>" });
});

const city = z.string().transform((s, ctx) => {
  const canonical = canonicalCity(s);
  if (canonical) return canonical;
  addIssue(ctx, "unknown_city");
  return z.NEVER;
});

const employmentTypes = z.array(z.enum(EMPLOYMENT_TYPES)).min(1).superRefine((types, ctx) => {
  types.forEach((type, i) => {
    if (types.indexOf(type) !== i) {
      addIssue(ctx, "invalid_format", { expected: "each employment type once" }, [i]);
    }
  });
});

// An offset is accepted because exports from other systems carry one; the output is UTC
// so equal instants compare equal as strings.
const updatedAt = z.iso.datetime({ offset: true }).transform((s) => new Date(s).toISOString());

const fields = {
  headline: chars(1, SEEKER_LIMITS.headlineMax),
  summary: chars(0, SEEKER_LIMITS.summaryMax),
  skills: z.array(chars(1, SEEKER_LIMITS.skillMax)).max(SEEKER_LIMITS.skillsMax),
  city,
  employment_types: employmentTypes,
  /** Monthly, in SAR. Missing and null both mean "not stated"; the output is always null. */
  salary_expectation: z.number().int().min(0).nullable().default(null),
};

/**
 * One message value on `seekers.v1`. Strict: an unknown field is refused, so a typo such
 * as `skils` is reported instead of silently dropping the skills.
 */
export const seekerSchema = z.strictObject({
  id,
  ...fields,
  updated_at: updatedAt,
});

/** A decoded seeker profile: city canonical, strings trimmed, `updated_at` in UTC. */
export type Seeker = z.output<typeof seekerSchema>;

/**
 * A profile as an import file may hold it: like {@link seekerSchema}, but `id` and
 * `updated_at` may be missing; {@link completeSeeker} fills them.
 */
export const seekerInputSchema = z.strictObject({
  id: id.optional(),
  ...fields,
  updated_at: updatedAt.optional(),
});

/** A validated import line, before its missing `id` and `updated_at` are filled. */
export type SeekerInput = z.output<typeof seekerInputSchema>;

/** Fills a missing id with `newId()` and a missing `updated_at` with `now`. */
export function completeSeeker(
  input: SeekerInput,
  fill: { newId: () => string; now: Date },
): Seeker {
  return {
    ...input,
    id: input.id ?? fill.newId(),
    updated_at: input.updated_at ?? fill.now.toISOString(),
  };
}

/** The Kafka message for a profile: keyed by seeker id. */
export function encodeSeeker(seeker: Seeker): { key: string; value: string } {
  return { key: seeker.id, value: JSON.stringify(seekerSchema.parse(seeker)) };
}

/** Parses a message value; throws a ZodError or SyntaxError on a malformed one. */
export function decodeSeeker(value: string | Uint8Array): Seeker {
  const text = typeof value === "string" ? value : new TextDecoder().decode(value);
  return seekerSchema.parse(JSON.parse(text));
}

/**
 * The text embedded for a seeker: headline, then skills, then summary, one per line.
 *
 * Why this form: jobs are embedded from their title and description, so the headline
 * lines up with the title and the skills and summary with the description. The most
 * telling parts go first because embedding models cut long inputs after a few hundred
 * tokens, and a long summary must not push the headline and skills out. There are no
 * labels ("Skills:"): a word every seeker shares adds nothing to tell seekers apart and
 * is English in an Arabic profile. City, employment types and salary are left out: the
 * vector index filters on them exactly, and in the text they would pull a nurse in
 * Riyadh towards every other Riyadh job.
 */
export function seekerText(seeker: Pick<Seeker, "headline" | "skills" | "summary">): string {
  return [seeker.headline, seeker.skills.join(", "), seeker.summary]
    .filter((part) => part !== "")
    .join("\n");
}
