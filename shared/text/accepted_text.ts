/**
 * The one rule for the text the service accepts from partners, by API or in the console: no
 * character that Postgres, XML (the public site's Atom feed) or a JSON consumer refuses or
 * alters. Postgres cannot store NUL; an unpaired surrogate cannot be written as UTF-8 and
 * would be replaced silently; XML 1.0 has no other C0 control and no U+FFFE or U+FFFF.
 * @module
 */

// Code units, not code points (no `u` flag): a surrogate is seen on its own. The control
// characters are the point of the pattern.
const BAD_TEXT =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a character the service refuses. */
export const hasBadText = (s: string): boolean => BAD_TEXT.test(s);
