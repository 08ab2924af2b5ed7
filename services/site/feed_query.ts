/**
 * The feed's query string as a seeker's browser sends it: empty fields mean "any", a city
 * may be written in English or Arabic under any of its names, and anything that cannot
 * be understood is named back to the seeker rather than silently ignored.
 * @module
 */
import { parseCursor } from "@hire/ids";
import { cityFromAnyName, EMPLOYMENT_TYPES } from "@hire/jobs";
import { z } from "zod";
import type { Text } from "./i18n.ts";
import type { FeedFilter } from "./jobs_reader.ts";

/** Longest search a seeker may type (the form says so too). */
export const MAX_QUERY_CHARS = 200;

/** Which message says what was wrong with a query parameter. */
type Problem = keyof Pick<Text, "invalidCity" | "invalidType" | "invalidQuery" | "invalidCursor">;

const blankIsAbsent = (s: unknown) =>
  typeof s === "string" && s.trim() === "" ? undefined : typeof s === "string" ? s.trim() : s;

const schema = z.object({
  q: z.preprocess(blankIsAbsent, z.string().max(MAX_QUERY_CHARS, "invalidQuery").optional()),
  city: z.preprocess(
    blankIsAbsent,
    z.string().transform((s, ctx) => {
      const city = cityFromAnyName(s);
      if (!city) ctx.addIssue({ code: "custom", message: "invalidCity" });
      return city ?? "";
    }).optional(),
  ),
  employment_type: z.preprocess(
    blankIsAbsent,
    z.enum(EMPLOYMENT_TYPES, { error: "invalidType" }).optional(),
  ),
  cursor: z.preprocess(
    blankIsAbsent,
    z.string().transform((s, ctx) => {
      const position = parseCursor(s, "job");
      if (!position) ctx.addIssue({ code: "custom", message: "invalidCursor" });
      return position!;
    }).optional(),
  ),
});

/** The filter the query asks for, or the problems with it. */
export type FeedQuery = { ok: true; filter: FeedFilter } | { ok: false; problems: Problem[] };

/** Reads the feed's query parameters (other parameters, e.g. `lang` or `utm_*`, are ignored). */
export function parseFeedQuery(query: Record<string, string>): FeedQuery {
  const result = schema.safeParse(query);
  if (!result.success) {
    return { ok: false, problems: result.error.issues.map((i) => i.message as Problem) };
  }
  const { q, city, employment_type, cursor } = result.data;
  return {
    ok: true,
    filter: {
      ...(q && { q }),
      ...(city && { city }),
      ...(employment_type && { employmentType: employment_type }),
      ...(cursor && { after: cursor }),
    },
  };
}

/** The feed's address for a filter (without its cursor unless given), in a language. */
export function feedHref(filter: FeedFilter, opts: { lang: string; cursor?: string }): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.city) params.set("city", filter.city);
  if (filter.employmentType) params.set("employment_type", filter.employmentType);
  if (opts.cursor) params.set("cursor", opts.cursor);
  params.set("lang", opts.lang);
  return `/jobs?${params}`;
}
