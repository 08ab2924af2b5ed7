/**
 * How a fuzz run reads: a counterexample as the bytes it sends (long runs folded), the one
 * command that replays it, and the run's figures as Markdown (`bench/results/fuzz.md`).
 * @module
 */
import type { FuzzReport } from "./fuzz_run.ts";
import { encodeRequest, type RawRequest } from "./raw_http.ts";
import type { FuzzCase } from "./request_arbitrary.ts";

/**
 * `text` with control characters escaped and runs of one to four characters repeated ten
 * times or more folded (`x‹×70000›`).
 */
export function printable(text: string, max = 1_500): string {
  const folded = text.replace(
    /(.{1,4}?)\1{9,}/gsu,
    (run, unit: string) => `${unit}‹×${run.length / unit.length}›`,
  );
  const escaped = JSON.stringify(folded).slice(1, -1);
  return escaped.length > max
    ? `${escaped.slice(0, max)}… (${escaped.length} characters)`
    : escaped;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** `bytes` as text: UTF-8 where they are UTF-8, each other byte as `‹FF›`. */
export function wireText(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const n = lead < 0x80
      ? 1
      : lead >= 0xc2 && lead < 0xe0
      ? 2
      : lead >= 0xe0 && lead < 0xf0
      ? 3
      : lead >= 0xf0 && lead < 0xf5
      ? 4
      : 0;
    try {
      if (n === 0) throw new Error("not a lead byte");
      out += UTF8.decode(bytes.subarray(i, i + n));
      i += n;
    } catch {
      out += `‹${lead.toString(16).toUpperCase().padStart(2, "0")}›`;
      i += 1;
    }
  }
  return out;
}

/** A counterexample: what was generated and the request as it goes on the wire. */
export function describeCase(c: FuzzCase, sent: RawRequest): string {
  const wire = wireText(encodeRequest(sent, "127.0.0.1:8080"));
  return [
    `operation: ${c.operation} (${c.mode})`,
    `sender: ${c.sender.as}`,
    ...(c.mustRefuse.length ? [`must be refused: ${c.mustRefuse.join("; ")}`] : []),
    `request: "${printable(wire)}"`,
  ].join("\n");
}

/** The command that replays one counterexample (fast-check's seed and path). */
export function reproduction(operation: string, seed: number, path: string): string {
  return `deno task fuzz --seed ${seed} --operation '${operation}' --path '${path}'`;
}

const cell = (s: string) => s.replaceAll("|", "\\|");

/** The run's figures as Markdown. */
export function fuzzMarkdown(report: FuzzReport, about: { date: string; machine: string }): string {
  const rows = Object.entries(report.operations).map(([op, { requests, statuses }]) => {
    const spread = Object.entries(statuses).sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}: ${n}`).join(", ");
    return `| \`${cell(op)}\` | ${requests} | ${spread} |`;
  });
  const failures = report.failures.length === 0 ? ["None."] : report.failures.flatMap((f) => [
    `### \`${f.operation}\``,
    "",
    "```",
    f.message,
    ...(f.counterexample ? ["", f.counterexample] : []),
    "```",
    ...(f.reproduce ? ["", `Reproduce: \`${f.reproduce}\``] : []),
    "",
  ]);
  return [
    "# Fuzz run",
    "",
    `\`deno task fuzz --seed ${report.seed} --runs ${report.runs}\`, ${about.date}, ${about.machine}.`,
    "",
    `- Requests: ${report.requests} over ${rows.length} operations, plus ${report.healthChecks} ` +
    "health checks (`/readyz` and a create and retrieve)",
    `- Duration: ${(report.durationMs / 1000).toFixed(1)} s`,
    `- Seed: ${report.seed}`,
    `- Failures: ${report.failures.length}`,
    "",
    "| Operation | Requests | Statuses |",
    "| --- | ---: | --- |",
    ...rows,
    "",
    "## Failures",
    "",
    ...failures,
  ].join("\n") + "\n";
}
