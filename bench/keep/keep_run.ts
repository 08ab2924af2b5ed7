/**
 * A run kept under a name of its own. Every benchmark writes `<task>.md` and
 * `<task>-<date>.json`; the next run of the day overwrites both. Runs that docs/performance.md
 * quotes (a machine, a variant, an experiment) are kept as `<task>-<label>.md` and `.json`,
 * with a first line saying what the run was, and the canonical pair goes back to what it was.
 * What the copies say of the files' names is rewritten here, so no copy points at a file the
 * next run replaces.
 * @module
 */
import { datedJsonName } from "../common/proc.ts";

/** What a run is kept as. */
export interface KeepRequest {
  /** The benchmark's results name: `starvation` for `starvation.md`. */
  task: string;
  /** What the copies are named after: `twenty-sixth-machine-split`. */
  label: string;
  /** What the run was (machine, commit, variant, verdict), as the copy's first paragraph. */
  note: string;
}

const LABEL = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The request, checked: a bad label would write a name the rewrites do not find again. */
export function keepRequest(args: readonly string[]): KeepRequest {
  const [task, label, note, ...rest] = args;
  if (!task || !label || !note || rest.length) {
    throw new Error('usage: deno task bench:keep <task> <label> "<what the run was>"');
  }
  for (const [what, value] of [["task", task], ["label", label]] as const) {
    if (!LABEL.test(value)) {
      throw new Error(`${what} must be lowercase words joined by -: ${value}`);
    }
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(label)) throw new Error(`label must not be a date: ${label}`);
  return { task, label, note: note.trim() };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The date of the raw figures `<task>.md` names (`<task>-<date>.json`). */
export function datedJsonDate(markdown: string, task: string): string {
  const m = markdown.match(new RegExp(`\\b${escape(task)}-(\\d{4}-\\d{2}-\\d{2})\\.json\\b`));
  if (!m) throw new Error(`${task}.md names no ${task}-<date>.json`);
  return m[1]!;
}

/** A run's profile named under its date; the part after the date is the group. */
const datedProfile = (task: string, date: string) =>
  new RegExp(`profiles/${escape(task)}-${escape(date)}-([a-z0-9-]+)\\.cpuprofile(?:\\.gz)?`, "g");

/**
 * The profiles a report names that the run wrote under its date
 * (`profiles/<task>-<date>-<part>.cpuprofile`, gzipped or not), by the part after the date.
 */
export function datedProfiles(text: string, task: string, date: string): string[] {
  return [...new Set([...text.matchAll(datedProfile(task, date))].map((m) => m[1]!))];
}

/** The kept name of a profile part: always gzipped, as the kept profiles are. */
export const keptProfile = (r: KeepRequest, part: string) =>
  `profiles/${r.task}-${r.label}-${part}.cpuprofile.gz`;

/** A report's text with its dated names replaced by the kept ones. */
export function renamed(text: string, r: KeepRequest, date: string): string {
  return text
    .replace(datedProfile(r.task, date), (_, part: string) => keptProfile(r, part))
    .replaceAll(datedJsonName(r.task, date), `${r.task}-${r.label}.json`);
}

/** The kept Markdown: renamed, the note as its paragraph after the title. */
export function keptMarkdown(markdown: string, r: KeepRequest, date: string): string {
  const text = renamed(markdown, r, date);
  const title = text.indexOf("\n\n");
  if (!text.startsWith("# ") || title < 0) {
    throw new Error(`${r.task}.md does not open with a title`);
  }
  return `${text.slice(0, title)}\n\n**This run:** ${r.note}${text.slice(title)}`;
}
