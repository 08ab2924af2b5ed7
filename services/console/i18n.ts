/**
 * The console's interface text in English and Arabic, one module per area under `text/`.
 * Partner text (names, URLs, job titles) is never translated: it is shown as written, in
 * blocks of its own direction (`dir="auto"`).
 * @module
 */
import type { Lang } from "@hire/pages";

/** A message: a string, or a function of what it mentions. */
// deno-lint-ignore no-explicit-any
type Message = string | ((...args: any[]) => string);

/**
 * An area's text in both languages. The Arabic must have every English key with the same
 * kind of value, so a page cannot miss a translation.
 */
export function bilingual<T extends Record<string, Message>>(
  en: T,
  ar: { [K in keyof T]: T[K] },
): Record<Lang, T> {
  return { en, ar };
}
