/**
 * The Prometheus text exposition format (version 0.0.4): what a scraper reads from
 * `/metrics`. Pure: families in, text out.
 * @module
 */

/** The content type of the text format. */
export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** One labelled value of a family. */
export interface Sample {
  labels: Readonly<Record<string, string>>;
  value: number;
}

/** The kinds of metric this registry keeps: values that only go up, and values set as they are. */
export type MetricType = "counter" | "gauge";

/** A metric family: its name, help text, type and samples. */
export interface Family {
  name: string;
  help: string;
  type: MetricType;
  samples: readonly Sample[];
}

/** A family as text: `# HELP`, `# TYPE`, then one line per sample. */
export function renderFamily(family: Family): string {
  const lines = [
    `# HELP ${family.name} ${escapeHelp(family.help)}`,
    `# TYPE ${family.name} ${family.type}`,
    ...family.samples.map((s) => `${family.name}${renderLabels(s.labels)} ${renderValue(s.value)}`),
  ];
  return lines.join("\n") + "\n";
}

/** Every family, in the order given. */
export function renderFamilies(families: readonly Family[]): string {
  return families.map(renderFamily).join("");
}

function renderLabels(labels: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabelValue(v)}"`);
  return pairs.length ? `{${pairs.join(",")}}` : "";
}

// The format's escapes: a label value may hold any text, but a backslash, a double quote
// or a line feed would end it early.
function escapeLabelValue(v: string): string {
  return v.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
}

function escapeHelp(v: string): string {
  return v.replaceAll("\\", "\\\\").replaceAll("\n", "\\n");
}

function renderValue(v: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (v === Infinity) return "+Inf";
  if (v === -Infinity) return "-Inf";
  return String(v);
}
