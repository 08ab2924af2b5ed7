/**
 * `deno task seekers …`: loads seeker profiles onto the seekers topic, from a JSON Lines
 * file or from the synthetic generator. The result is printed as one JSON object on the
 * last line of stdout so scripts can read it.
 * @module
 */
import {
  importSeekers,
  type Publish,
  publishSeekers,
  readJsonLines,
  syntheticSeekers,
} from "@hire/seekers";
import { parseArgs } from "node:util";

/** Usage text. */
export const USAGE = `usage:
  deno task seekers import FILE.jsonl
  deno task seekers seed --count N [--seed S]`;

/** A usage mistake: printed with the usage text, exit code 2. */
export class UsageError extends Error {}

/** A parsed command line. */
export type SeekersCommand =
  | { command: "import"; file: string }
  | { command: "seed"; count: number; seed: number };

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

const INTEGER = /^-?\d+$/;

/**
 * Parses the command line; throws UsageError (or node's ERR_PARSE_ARGS_* errors for unknown
 * options) before anything is opened, so a usage mistake never touches Kafka.
 */
export function parseSeekersArgs(argv: string[]): SeekersCommand {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { count: { type: "string" }, seed: { type: "string" } },
    strict: true,
    allowPositionals: true,
  });
  switch (command) {
    case "import": {
      if (values.count !== undefined || values.seed !== undefined) {
        throw new UsageError("import takes no --count or --seed");
      }
      if (positionals.length !== 1) throw new UsageError("import takes exactly one FILE");
      return { command, file: positionals[0]! };
    }
    case "seed": {
      if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
      const count = Number(values.count);
      if (!values.count || !INTEGER.test(values.count) || count < 1) {
        throw new UsageError("--count must be a positive integer");
      }
      if (values.seed !== undefined && !INTEGER.test(values.seed)) {
        throw new UsageError("--seed must be an integer");
      }
      return { command, count, seed: Number(values.seed ?? 1) };
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : "a command is required");
  }
}

/**
 * Runs one command. `import` exits 1 when any line was refused (the valid ones are still
 * published); a file that cannot be opened or a failed publish throws.
 */
export async function runSeekersCommand(
  deps: SeekersDeps,
  cmd: SeekersCommand,
): Promise<CommandResult> {
  if (cmd.command === "seed") {
    const stream = syntheticSeekers(cmd.seed);
    const seekers = (function* () {
      for (let i = 0; i < cmd.count; i++) yield stream.next().value.seeker;
    })();
    return { output: { published: await publishSeekers(seekers, deps.publish) }, exitCode: 0 };
  }
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
