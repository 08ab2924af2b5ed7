/**
 * `deno task seekers import FILE.jsonl`: loads seeker profiles from a JSON Lines file onto
 * the seekers topic. The result is printed as one JSON object on the last line of stdout so
 * scripts can read it. Synthetic profiles for tests and benchmarks come as such a file from
 * `deno task seekers:synthetic` (the fixtures package), which this shipped command never
 * imports.
 * @module
 */
import { importSeekers, type Publish, readJsonLines } from "@hire/seekers";
import { parseArgs } from "node:util";

/** Usage text. */
export const USAGE = `usage:
  deno task seekers import FILE.jsonl`;

/** A usage mistake: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

/** A parsed command line. */
export type SeekersCommand = { command: "import"; file: string };

/** What a command prints, and the exit code it ends with. */
export interface CommandResult {
  output: unknown;
  exitCode: 0 | 1;
}

/** What the commands need: where to publish, how to name and date imported profiles. */
export interface SeekersDeps {
  publish: Publish;
  newId: () => string;
  now: () => Date;
}

/**
 * Parses the command line; throws UsageError (or node's ERR_PARSE_ARGS_* errors for unknown
 * options) before anything is opened, so a usage mistake never touches Kafka.
 */
export function parseSeekersArgs(argv: string[]): SeekersCommand {
  const [command, ...rest] = argv;
  const { positionals } = parseArgs({
    args: rest,
    options: {},
    strict: true,
    allowPositionals: true,
  });
  if (command !== "import") {
    throw new UsageError(command ? `unknown command ${command}` : "a command is required");
  }
  if (positionals.length !== 1) throw new UsageError("import takes exactly one FILE");
  return { command, file: positionals[0]! };
}

/**
 * Runs one command. `import` exits 1 when any line was refused (the valid ones are still
 * published); a file that cannot be opened or a failed publish throws.
 */
export async function runSeekersCommand(
  deps: SeekersDeps,
  cmd: SeekersCommand,
): Promise<CommandResult> {
  let file: Deno.FsFile;
  try {
    file = await Deno.open(cmd.file);
  } catch (err) {
    throw new Error(`cannot read ${cmd.file}: ${(err as Error).message}`, { cause: err });
  }
  // readJsonLines consumes file.readable, which closes the file when it ends or is cancelled.
  const summary = await importSeekers(readJsonLines(file.readable), {
    publish: deps.publish,
    newId: deps.newId,
    now: deps.now(),
  });
  return { output: summary, exitCode: summary.rejected ? 1 : 0 };
}
