/**
 * What every server-rendered page shares, on the public site and in the console: the two
 * languages and their formats, and the security headers.
 * @module
 */
export {
  direction,
  formatDate,
  formatDateTime,
  formatNumber,
  isLang,
  isoDate,
  type Lang,
  LANGS,
  TIME_ZONE,
} from "./locale.ts";
export { pageHeaders } from "./page_headers.ts";
