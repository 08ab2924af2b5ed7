/**
 * The text each subject is embedded from. Title and description only for a job: city and
 * employment type are hard filters of the match, so they stay out of the similarity.
 * @module
 */
import type { JobRow } from "@hire/jobs";
import { seekerText } from "@hire/seekers";
import type { SeekerRow } from "@hire/tables";

/** What a job's vector is made from. */
export function jobText(job: Pick<JobRow, "title" | "description">): string {
  return `${job.title}\n${job.description}`;
}

/** What a seeker's vector is made from. */
export function seekerRowText(
  row: Pick<SeekerRow, "headline" | "skills" | "summary">,
): string {
  return seekerText(row);
}

/** A short, stable fingerprint of a text, to tell whether it needs embedding again. */
export async function textHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(text),
  );
  return Array.from(
    new Uint8Array(digest).slice(0, 16),
    (b) => b.toString(16).padStart(2, "0"),
  )
    .join("");
}
