/**
 * API versions: `/v1` is the only one. When the operator announces its end, every `/v1`
 * response says so with `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and a `Link` to the
 * migration notes, so client libraries can warn long before anything breaks.
 * @module
 */
import { z } from "zod";

/** The version this edge serves. */
export const CURRENT_VERSION = "v1";

/** Environment variables of the deprecation and sunset of a version; all optional. */
export const versioningEnv = {
  /** When v1 was (or will be) deprecated, ISO 8601; sets `Deprecation`. */
  API_V1_DEPRECATED_AT: z.iso.datetime({ offset: true }).optional(),
  /** When v1 stops answering, ISO 8601; sets `Sunset`. */
  API_V1_SUNSET_AT: z.iso.datetime({ offset: true }).optional(),
  /** Where partners read about the successor; sent as `Link: <…>; rel="deprecation"`. */
  API_V1_DEPRECATION_LINK: z.url().optional(),
};

/** The announced deprecation and sunset of v1. */
export interface VersionDeprecation {
  deprecatedAt?: string;
  sunsetAt?: string;
  link?: string;
}

/** The headers every `/v1` response carries once its end is announced (none while v1 is current). */
export function deprecationHeaders(deprecation: VersionDeprecation): Record<string, string> {
  const headers: Record<string, string> = {};
  const links: string[] = [];
  if (deprecation.deprecatedAt) {
    // RFC 9745: a Structured Field Date, i.e. "@" and seconds since the epoch.
    headers["Deprecation"] = `@${Math.floor(Date.parse(deprecation.deprecatedAt) / 1000)}`;
    if (deprecation.link) links.push(`<${deprecation.link}>; rel="deprecation"; type="text/html"`);
  }
  if (deprecation.sunsetAt) {
    headers["Sunset"] = new Date(deprecation.sunsetAt).toUTCString();
    if (deprecation.link) links.push(`<${deprecation.link}>; rel="sunset"; type="text/html"`);
  }
  if (links.length) headers["Link"] = links.join(", ");
  return headers;
}

/** The version named by a path's first segment (`/v2/x` → `v2`), if it names one. */
export function pathVersion(path: string): string | undefined {
  return /^\/(v\d+)(?:\/|$)/.exec(path)?.[1];
}
