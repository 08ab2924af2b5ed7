/**
 * Importing seeker profiles: validate each line, fill what the file may leave out, and
 * publish the valid ones in batches while reporting the rest by line number.
 * @module
 */
import { jsonPointer, valueAt } from "@hire/errors";
import type { z } from "zod";
import { completeSeeker, encodeSeeker, seekerInputSchema } from "./contract.ts";
import type { JsonLine } from "./jsonl.ts";

/** Sends messages to the seekers topic, in order, as one request. */
export type Publish = (messages: { key: string; value: string }[]) => Promise<void>;

/** One problem with one field of a line. */
export interface LineError {
  /** JSON pointer to the field, e.g. `/city`; `""` for the whole line. */
  field: string;
  message: string;
}

/** Every problem of one refused line. */
export interface LineErrors {
  /** 1-based line number in the file. */
  line: number;
  errors: LineError[];
}

/** What an import did. `errors` lists the first refused lines only; `rejected` counts all. */
export interface ImportSummary {
  published: number;
  rejected: number;
  errors: LineErrors[];
}

/** What an import needs besides its lines. */
export interface ImportDeps {
  publish: Publish;
  /** Makes the id of a profile that has none. */
  newId: () => string;
  /** The `updated_at` of profiles that have none: one instant for the whole import. */
  now: Date;
}

/** Limits of {@link batchPublisher} and {@link importSeekers}. */
export interface BatchOptions {
  /** Most messages per request (default 500). */
  maxMessages?: number;
  /**
   * Most value bytes per request (default 512 KiB): below the broker's default 1 MiB
   * message.max.bytes even when every message of a batch lands on one partition.
   */
  maxBytes?: number;
}

/**
 * Collects messages and publishes them in batches, in order. A failed request rejects
 * with how many messages were published before it, so an operator knows what got through.
 */
export function batchPublisher(publish: Publish, opts: BatchOptions = {}) {
  const maxMessages = opts.maxMessages ?? 500;
  const maxBytes = opts.maxBytes ?? 512 * 1024;
  let batch: { key: string; value: string }[] = [];
  let bytes = 0;
  let published = 0;

  const flush = async () => {
    if (batch.length === 0) return;
    const sending = batch;
    batch = [];
    bytes = 0;
    try {
      await publish(sending);
    } catch (err) {
      throw new Error(
        `publishing failed after ${published} profiles were published: ${(err as Error).message}`,
        { cause: err },
      );
    }
    published += sending.length;
  };

  return {
    /** Adds a message; publishes the batch when it is full. */
    async add(message: { key: string; value: string }): Promise<void> {
      const size = message.key.length + new TextEncoder().encode(message.value).length;
      if (batch.length > 0 && bytes + size > maxBytes) await flush();
      batch.push(message);
      bytes += size;
      if (batch.length >= maxMessages) await flush();
    },
    /** Publishes what is left. */
    flush,
    /** Messages published so far. */
    get published(): number {
      return published;
    },
  };
}

/**
 * Validates every line with the lenient input schema, fills missing ids and `updated_at`,
 * and publishes the valid profiles in batches. Invalid lines are counted and the first
 * `maxErrors` (default 100) are reported with their problems; they never stop the import.
 */
export async function importSeekers(
  lines: AsyncIterable<JsonLine>,
  deps: ImportDeps,
  opts: BatchOptions & { maxErrors?: number } = {},
): Promise<ImportSummary> {
  const maxErrors = opts.maxErrors ?? 100;
  const batch = batchPublisher(deps.publish, opts);
  const errors: LineErrors[] = [];
  let rejected = 0;
  for await (const l of lines) {
    let problems: LineError[];
    if ("error" in l) {
      problems = [{ field: "", message: l.error }];
    } else {
      const result = seekerInputSchema.safeParse(l.value);
      if (result.success) {
        await batch.add(encodeSeeker(completeSeeker(result.data, deps)));
        continue;
      }
      problems = issuesToLineErrors(result.error.issues, l.value);
    }
    rejected++;
    if (errors.length < maxErrors) errors.push({ line: l.line, errors: problems });
  }
  await batch.flush();
  return { published: batch.published, rejected, errors };
}

/** Turns zod issues into per-field problems; `input` tells a missing field from a bad one. */
export function issuesToLineErrors(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
): LineError[] {
  return issues.flatMap((issue): LineError[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((k) => ({
        field: jsonPointer([...issue.path, k]),
        message: "Unknown field.",
      }));
    }
    const field = jsonPointer(issue.path);
    const missing = issue.code === "invalid_type" && issue.path.length > 0 &&
      valueAt(input, issue.path) === undefined;
    return [{ field, message: missing ? "Required." : issue.message }];
  });
}
