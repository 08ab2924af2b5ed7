/**
 * Prose written as indented template literals: `text` removes the indentation the source
 * adds, so declarations read naturally and the documents get flush-left Markdown.
 * @module
 */

/** Strips the common indentation and the first and last blank lines of a template. */
export function text(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((all, s, i) => all + String(values[i - 1]) + s);
  const lines = raw.replace(/^\n/, "").replace(/\n\s*$/, "").split("\n");
  const indent = Math.min(
    ...lines.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length),
  );
  return lines.map((l) => l.slice(indent)).join("\n");
}
