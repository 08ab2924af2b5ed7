/**
 * `seekers.v1`: the latest profile of every job seeker, compacted.
 * @module
 */
import { SEEKER_LIMITS, seekerSchema } from "@hire/seekers";
import { declareTopic } from "../declaration.ts";
import { GROUPS } from "../groups.ts";
import { COMPACTED, PARTITIONS } from "../kafka_config.ts";
import { SEEKER_ID } from "../keys.ts";
import { text } from "../prose.ts";

const limits = SEEKER_LIMITS;

/** The declaration of `seekers.v1`. */
export const SEEKERS = declareTopic({
  channel: "seekers",
  name: "seekers.v1",
  env: "TOPIC_SEEKERS",
  visibility: "public",
  partitions: PARTITIONS,
  config: () => COMPACTED,
  title: "Seeker profiles (public)",
  summary: "The latest profile of every job seeker, keyed by seeker id; compacted.",
  description: text`
    One message per profile version, keyed by the seeker id. The topic is compacted, so it
    holds at least the latest profile of every seeker, and a new consumer rebuilds every
    profile by reading it from the beginning. The embedding service stores each profile in
    Postgres (table \`seekers\`), embeds its text and hands it to matching.

    Rules a producer must know:

    * **Newest \`updated_at\` wins.** A profile whose \`updated_at\` is older than the one
      stored for that seeker is ignored (a replay, a late duplicate); an equal or newer one
      replaces it. Send a new \`updated_at\` with every change.
    * **Strict.** A value that fails the schema (an unknown field such as \`skils\`, an
      unknown city, a malformed id) is logged by the embedding service as
      \`malformed message skipped\` and skipped whole. \`deno task seekers import\` checks every
      line before publishing and reports the refused ones.
    * **Deletion.** A tombstone (the seeker id as key, a null value) deletes the seeker: its
      stored profile and its vector are removed, and compaction later drops it from the topic.
    * Re-publishing an unchanged profile changes nothing: its text is embedded only when
      headline, skills or summary change, and matches are announced once per pair.`,
  value: seekerSchema,
  messages: [{
    id: "SeekerProfile",
    name: "seeker.profile",
    title: "Seeker profile",
    schema: seekerSchema,
    key: { schema: SEEKER_ID, field: "id" },
    summary: "The latest profile of one job seeker.",
    description: text`
      The whole profile, every time (not a patch). The consumer canonicalises it: strings
      trimmed, \`city\` mapped to its canonical name (\`Jiddah\` → \`Jeddah\`), \`updated_at\`
      converted to UTC, a missing \`salary_expectation\` read as null. \`deno task seekers\`
      publishes profiles already in that form, with \`salary_expectation\` always present.

      Headline, skills and summary (in that order) make the text that is embedded; city,
      employment types and salary are left out of it (city and employment types are exact
      filters of the match).`,
    fields: {
      "": text`
        One value on \`seekers.v1\` (shared/seekers/contract.ts, \`seekerSchema\`). Strict: a
        field not listed here makes the whole message invalid. Lengths are Unicode characters
        after trimming leading and trailing white space.`,
      id: "Seeker id, `seek_` and an upper-case ULID (Crockford base32); the message key.",
      headline:
        `1 to ${limits.headlineMax} characters, e.g. the seeker's occupation and experience.`,
      summary: `0 to ${
        limits.summaryMax.toLocaleString("en")
      } characters of plain text; may be empty.`,
      skills: `At most ${limits.skillsMax} skills, most telling first; may be empty.`,
      "skills[]": `1 to ${limits.skillMax} characters.`,
      city: text`
        A Saudi city, by any name the job API accepts (\`Jiddah\`, \`jeddah\`, \`Jeddah\`, ...);
        read as its canonical English name. An unknown city makes the message invalid.`,
      employment_types: "The employment types the seeker accepts, each at most once.",
      salary_expectation: "Expected monthly salary in SAR; null or missing when not stated.",
      updated_at: text`
        When this version of the profile was made, ISO 8601 with \`Z\` or an offset (read as
        UTC). The newest version of a seeker wins; an older one arriving later is ignored.`,
    },
    examples: [
      {
        name: "english",
        summary: "An ICU nurse in Riyadh, full time.",
        payload: {
          id: "seek_01JKTE2SG0WSXS0X3A3DF26MHK",
          headline: "Registered Nurse | ICU, 6 years of experience",
          summary: "Intensive care registered nurse. I provide bedside care to critically ill " +
            "patients, administer medication and monitor vital signs in a Riyadh hospital ICU.",
          skills: ["Patient care", "Ventilator care", "ACLS", "Infection control"],
          city: "Riyadh",
          employment_types: ["full_time"],
          salary_expectation: 12000,
          updated_at: "2025-02-11T12:00:00.000Z",
        },
      },
      {
        name: "arabic",
        summary: "An accountant in Jeddah, full time or contract; no salary stated.",
        payload: {
          id: "seek_01JKVB6Q4B2ZJ8YQ8R5T9X7M3N",
          headline: "محاسب أول بخبرة ثماني سنوات",
          summary:
            "محاسب بخبرة ثماني سنوات في إعداد القوائم المالية وإقرارات ضريبة القيمة المضافة والإقفال الشهري.",
          skills: [
            "المعايير الدولية لإعداد التقارير المالية",
            "ضريبة القيمة المضافة",
            "التسويات البنكية",
          ],
          city: "Jeddah",
          employment_types: ["full_time", "contract"],
          salary_expectation: null,
          updated_at: "2025-02-12T08:15:00.000Z",
        },
      },
    ],
  }],
  producers: [{
    service: "admin",
    writes: ["seeker.profile"],
    title: "Publish seeker profiles (`deno task seekers import`)",
    summary: "`deno task seekers import` (services/admin/README.md) publishes profiles.",
    description: text`
      Key: the seeker id. \`deno task seekers\` validates every profile, fills a missing \`id\`
      (a new one, so re-importing a line without an id creates another seeker) and a missing
      \`updated_at\` (the time of the import), and publishes in batches of at most 500
      messages or 512 KiB.`,
  }],
  consumers: [{
    group: GROUPS.embedding,
    title: "Store and embed seeker profiles (embedding service)",
    summary: "The embedding service stores each profile, embeds its text and triggers matching.",
  }],
  outside: [
    {
      who: "upstream systems",
      does: "writes",
      note: "values matching the `SeekerProfile` schema, with the seeker id as the key",
    },
    { who: "the data team", does: "reads", note: "see docs/data-team.md" },
  ],
});
