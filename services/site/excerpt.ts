/**
 * A short plain-text excerpt of a Markdown description, for the feed's job cards. It is
 * shown as escaped text, so it only has to read well, not to be safe.
 * @module
 */

const MARKUP: [RegExp, string][] = [
  [/!?\[([^\]]*)\]\([^)]*\)/g, "$1"], // links and images keep their text
  [/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, ""], // headings, quotes, list markers
  [/(\*\*|__|\*|_|~~|`+)/g, ""], // emphasis and code marks
  [/^\s*([-*_]\s*){3,}$/gm, ""], // rules
];

/** The description's first words as plain text, at most `maxChars` long, cut at a word. */
export function plainExcerpt(markdown: string, maxChars: number): string {
  let plain = markdown;
  for (const [pattern, replacement] of MARKUP) plain = plain.replace(pattern, replacement);
  plain = plain.replace(/\s+/g, " ").trim();
  if (plain.length <= maxChars) return plain;
  const cut = plain.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
