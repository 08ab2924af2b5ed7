/**
 * A labelled evaluation set for matching: jobs and seeker profiles, each with its language
 * and an occupation label written by the set's author, and the rule that turns labels into
 * the true pairs (bench/matching/set/README.md).
 * @module
 */
import { EMPLOYMENT_TYPES } from "@hire/jobs";
import { z } from "zod";

const lang = z.enum(["en", "ar"]);
const type = z.enum(EMPLOYMENT_TYPES);

const jobSchema = z.object({
  key: z.string().min(1),
  lang,
  occupation: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  city: z.string().min(1),
  employment_type: type,
});

const seekerSchema = z.object({
  key: z.string().min(1),
  lang,
  occupation: z.string().min(1),
  headline: z.string().min(1),
  skills: z.array(z.string()),
  summary: z.string(),
  city: z.string().min(1),
  employment_types: z.array(type).min(1),
  note: z.string().optional(),
});

/** A job of the set. */
export type EvalJob = z.infer<typeof jobSchema>;
/** A profile of the set. */
export type EvalSeeker = z.infer<typeof seekerSchema>;
/** Language of a job or profile. */
export type Lang = z.infer<typeof lang>;

/** A whole set. */
export interface EvalSet {
  jobs: EvalJob[];
  seekers: EvalSeeker[];
}

function parseLines<T>(text: string, schema: z.ZodType<T>, file: string): T[] {
  return text.split("\n").flatMap((line, i) => {
    if (line.trim() === "") return [];
    const parsed = schema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
    return [parsed.data];
  });
}

/** Reads `jobs.jsonl` and `seekers.jsonl` of a folder; keys must be unique. */
export async function readEvalSet(dir: string): Promise<EvalSet> {
  const set = {
    jobs: parseLines(await Deno.readTextFile(`${dir}/jobs.jsonl`), jobSchema, "jobs.jsonl"),
    seekers: parseLines(
      await Deno.readTextFile(`${dir}/seekers.jsonl`),
      seekerSchema,
      "seekers.jsonl",
    ),
  };
  const keys = [...set.jobs, ...set.seekers].map((x) => x.key);
  if (new Set(keys).size !== keys.length) throw new Error(`${dir}: keys are not unique`);
  return set;
}

/** Whether a pair passes the hard filters: same city, the job's type among the seeker's. */
export const placeable = (job: EvalJob, seeker: EvalSeeker): boolean =>
  job.city === seeker.city && seeker.employment_types.includes(job.employment_type);

/** The rule: a true match is the same occupation label, placeable. */
export const isTrueMatch = (job: EvalJob, seeker: EvalSeeker): boolean =>
  job.occupation === seeker.occupation && placeable(job, seeker);

/** `job key → seeker key` of a pair. */
export const pairKey = (job: string, seeker: string): string => `${job}→${seeker}`;

/** Every true pair of the set. */
export function truePairs(set: EvalSet): Set<string> {
  const out = new Set<string>();
  for (const j of set.jobs) {
    for (const s of set.seekers) if (isTrueMatch(j, s)) out.add(pairKey(j.key, s.key));
  }
  return out;
}
