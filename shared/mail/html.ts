/**
 * Text placed in the HTML part of an e-mail: every character HTML gives a meaning to, quotes
 * included (text also lands in attribute values such as a link's `href`).
 * @module
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** `s` as HTML text. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}
