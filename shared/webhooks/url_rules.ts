/**
 * The registration-time rule for a webhook URL, so the service cannot be pointed at its
 * own network (SSRF). Names pass here unless they are local by definition; what they
 * resolve to is checked again at delivery by `checkResolvedHost`.
 *
 * Any port is allowed: partners listen on 8443 and the like, and the address rule, not
 * the port, is what keeps requests off internal services.
 * @module
 */
import { classifyIp, isAllowedIp, looksLikeIpv4, parseIp } from "./ip_ranges.ts";

/** The longest webhook URL accepted, in UTF-16 code units of the raw and normalised text. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Options for the webhook host rules. */
export interface HostRuleOptions {
  /** Lifts the address and name rules; for local development and tests only. */
  allowPrivateNetworks: boolean;
}

/** Why a webhook URL was refused. */
export type WebhookUrlCode =
  | "invalid_format"
  | "not_https"
  | "too_long"
  | "userinfo"
  | "forbidden_host";

/** The outcome of {@link checkWebhookUrl}: the parsed URL, or a code and an English reason. */
export type WebhookUrlCheck =
  | { ok: true; url: URL }
  | { ok: false; code: WebhookUrlCode; reason: string };

const FORBIDDEN_NAMES = new Set(["localhost", "metadata.google.internal"]);
const FORBIDDEN_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa"];

/**
 * Checks a webhook URL at registration. The returned `url` is the WHATWG-normalised one
 * (e.g. `https://0x7f.1/` becomes `https://127.0.0.1/`) and is what should be stored.
 */
export function checkWebhookUrl(raw: string, opts: HostRuleOptions): WebhookUrlCheck {
  // Checked before parsing so a huge body never reaches the URL parser.
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return tooLong();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, code: "invalid_format", reason: "The URL could not be parsed." };
  }
  if (url.protocol !== "https:") {
    return { ok: false, code: "not_https", reason: "The URL must use https." };
  }
  // Percent-encoding and punycode can make the normalised form longer than the input.
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) return tooLong();
  if (url.username !== "" || url.password !== "") {
    const reason = "The URL must not contain a user name or password.";
    return { ok: false, code: "userinfo", reason };
  }
  const refusal = hostRefusalReason(url.hostname, opts);
  if (refusal !== null) return { ok: false, code: "forbidden_host", reason: refusal };
  return { ok: true, url };
}

/**
 * Why a host (as in `URL.hostname`, brackets allowed) must not receive webhooks, or null
 * when it may. IP literals are classified; names are refused only when local by
 * definition, single-label, not letters, digits, `-`, `_` and dots, or a number some
 * resolvers read as an IPv4 address.
 */
export function hostRefusalReason(hostname: string, opts: HostRuleOptions): string | null {
  const host = normaliseHost(hostname);
  if (host === "") return "The URL has no host.";
  if (parseIp(host) !== null) {
    const kind = classifyIp(host);
    if (isAllowedIp(kind, opts.allowPrivateNetworks)) return null;
    return `${host} is not a public address (${kind}).`;
  }
  // new URL has already turned these into dotted quads or thrown; this guards other callers.
  if (looksLikeIpv4(host)) return `${host} is not a canonical IPv4 address.`;
  // new URL lets through names like `a!b.com` and a caller may pass `fe80::1%eth0`: neither
  // is something DNS answers for, so neither is let past even in local development.
  if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(host)) return `${host} is not a valid host name.`;
  if (opts.allowPrivateNetworks) return null;
  if (FORBIDDEN_NAMES.has(host) || FORBIDDEN_SUFFIXES.some((s) => host.endsWith(s))) {
    return `${host} is a local host name.`;
  }
  // A dotless name is completed by the resolver's search domain (`metadata` on GCP,
  // `postgres` in a compose network), so it names something inside our network.
  if (!host.includes(".")) return `${host} is a single-label host name.`;
  return null;
}

/** Lower case, without IPv6 brackets and without trailing dots (`localhost.` is `localhost`). */
export function normaliseHost(hostname: string): string {
  const host = hostname.startsWith("[") && hostname.endsWith("]")
    ? hostname.slice(1, -1)
    : hostname;
  return host.toLowerCase().replace(/\.+$/, "");
}

function tooLong(): WebhookUrlCheck {
  const reason = `The URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`;
  return { ok: false, code: "too_long", reason };
}
