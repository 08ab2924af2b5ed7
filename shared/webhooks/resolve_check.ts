/**
 * The delivery-time half of the webhook SSRF rule: a name accepted at registration may
 * later resolve to 127.0.0.1, so every A and AAAA record is checked before connecting.
 *
 * DNS rebinding: the check is only worth something if the request goes to one of the
 * addresses checked here. The caller must connect to {@link pickAddress}'s result (for
 * example with `node:https` and {@link pinnedLookup}, which keeps SNI and certificate
 * checks on the host name) and must not let the HTTP client resolve the name again:
 * `fetch` would, and the answer may have changed between check and connect.
 * @module
 */
import { classifyIp, isAllowedIp, parseIp, parseIpv4 } from "./ip_ranges.ts";
import { hostRefusalReason, normaliseHost } from "./url_rules.ts";

/**
 * A DNS lookup of one record type. When there are none it resolves to [] or rejects with
 * `Deno.errors.NotFound`, as `Deno.resolveDns` does.
 */
export type Resolve = (host: string, type: "A" | "AAAA") => Promise<string[]>;

/** Options for {@link checkResolvedHost}. */
export interface ResolveCheckOptions {
  /** Lifts the address rule; for local development and tests only. */
  allowPrivateNetworks: boolean;
  /** Replaces `Deno.resolveDns`, e.g. in tests. */
  resolve?: Resolve;
}

/**
 * The outcome of {@link checkResolvedHost}. `retriable` is true when DNS itself failed
 * (timeout, SERVFAIL) rather than the host being refused. `reason` is shown to the partner
 * (the delivery log) and never holds an address a name resolved to: that address may be one
 * of our own network's. `detail`, for operators' logs only, names it.
 */
export type ResolvedHostCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: string; retriable: boolean; detail?: string };

/** The partner's reason for any address that is not public, resolved or literal. */
const NOT_PUBLIC = "not a public address";

// A stuck resolver must not hold a delivery worker; the delivery is retried later.
const DNS_TIMEOUT_MS = 5_000;

/** The system's resolver, with a deadline. */
export const systemResolve: Resolve = (host, type) =>
  Deno.resolveDns(host, type, { signal: AbortSignal.timeout(DNS_TIMEOUT_MS) });

/**
 * Resolves a webhook host and checks every address. IP literals are classified without
 * DNS. Refused when there is no address, or when any address is not public (unless
 * `allowPrivateNetworks`): a name with one public and one private record is refused.
 */
export async function checkResolvedHost(
  hostname: string,
  opts: ResolveCheckOptions,
): Promise<ResolvedHostCheck> {
  const host = normaliseHost(hostname);
  const refusal = hostRefusalReason(host, opts);
  if (refusal !== null) {
    // An IP literal is refused in the same words as a name resolving to one.
    return parseIp(host) === null
      ? { ok: false, reason: refusal, retriable: false }
      : { ok: false, reason: NOT_PUBLIC, detail: refusal, retriable: false };
  }
  if (parseIp(host) !== null) return { ok: true, addresses: [host] };

  const resolve = opts.resolve ?? systemResolve;
  let records: string[][];
  try {
    records = await Promise.all([lookup(resolve, host, "A"), lookup(resolve, host, "AAAA")]);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `DNS lookup of ${host} failed: ${detail}`, retriable: true };
  }
  const addresses = [...new Set(records.flat())];
  if (addresses.length === 0) {
    return { ok: false, reason: `${host} has no A or AAAA record.`, retriable: false };
  }
  for (const address of addresses) {
    const kind = classifyIp(address);
    if (isAllowedIp(kind, opts.allowPrivateNetworks)) continue;
    const detail = `${host} resolves to ${address}, which is not a public address (${kind}).`;
    return { ok: false, reason: NOT_PUBLIC, detail, retriable: false };
  }
  return { ok: true, addresses };
}

/**
 * The address to connect to, from a successful {@link checkResolvedHost}: the first IPv4
 * address, else the first IPv6 one. IPv4 first because many container networks have no
 * IPv6 route out.
 */
export function pickAddress(addresses: readonly string[]): string {
  const address = addresses.find((a) => parseIpv4(a) !== null) ?? addresses[0];
  if (address === undefined) {
    throw new Error("pickAddress needs at least one address");
  }
  return address;
}

/** The callback of a Node-style `lookup` (single or `all: true` form). */
export type LookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/**
 * A `lookup` for `node:https`/`node:net` options that answers every name with the
 * checked address, so the client connects there without resolving again.
 */
export function pinnedLookup(
  address: string,
): (hostname: string, options: unknown, callback: LookupCallback) => void {
  const family = parseIpv4(address) !== null ? 4 : 6;
  return (_hostname, options, callback) => {
    // Deno's node:net asks with `all: true` and fails on the single-address answer.
    if ((options as { all?: boolean } | null)?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

async function lookup(resolve: Resolve, host: string, type: "A" | "AAAA"): Promise<string[]> {
  try {
    return await resolve(host, type);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
}
