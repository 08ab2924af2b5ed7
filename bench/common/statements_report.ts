/**
 * A scale check's report (`bench/common/statements_bench.ts` runs them): its shape, and the
 * Markdown frame around its figures.
 * @module
 */
import type { Machine } from "./machine.ts";
import { machineTable } from "./markdown.ts";
import { datedJsonName } from "./proc.ts";

/** A scale check's report: `rows` holds one row of figures per size, in order. */
export interface StatementsReport<C, R> {
  at: string;
  commit: string;
  config: C;
  rows: R[];
  machine: Machine;
}

/**
 * A scale check's Markdown: `title`, when and at which commit `task` measured it and where its
 * raw figures are, `body`, then the machine.
 */
export function statementsMarkdown(
  task: string,
  title: string,
  r: StatementsReport<unknown, unknown>,
  body: string,
): string {
  const date = r.at.slice(0, 10);
  return `# ${title}

Measured on ${date} (${r.at}) with \`deno task bench:${task}\`, commit ${r.commit}.
Raw figures: \`${datedJsonName(task, date)}\`.

${body}

## Machine

${machineTable(r.machine, r.at)}
`;
}

/** A statement's time over its yardstick's, as the scale checks' tables print it. */
export const timesYardstick = (ms: number, yardstickMs: number): string =>
  `${(ms / yardstickMs).toFixed(1)}×`;
