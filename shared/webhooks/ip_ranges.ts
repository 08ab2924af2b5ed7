/**
 * IP literal parsing and classification for the webhook SSRF rule: an address is
 * either "public" (a partner's server may live there) or the reason it is refused.
 * Pure and table-driven; the tables follow the IANA special-purpose registries.
 * @module
 */

/** What an address is: "public", or why a webhook must not be sent there. */
export type IpClass =
  | "public"
  | "loopback"
  | "private"
  | "link_local"
  | "cgnat"
  | "multicast"
  | "metadata"
  | "unspecified"
  | "reserved"
  | "documentation"
  | "broadcast"
  | "ula"
  | "invalid";

/** An IPv4 address embedded in an IPv6 one, found at this byte offset. */
type Embedded = { readonly ipv4At: number };
type Range<K> = readonly [cidr: string, kind: K];
type Net<K> = { bytes: Uint8Array; prefix: number; kind: K };

// Anything not listed here is public. Longest prefix wins, so a /32 inside a /16 overrides it.
const V4_RANGES: readonly Range<IpClass>[] = [
  ["0.0.0.0/8", "reserved"], // "this network": Linux connects 0.x.x.x to the local host
  ["0.0.0.0/32", "unspecified"],
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "cgnat"],
  ["100.100.100.200/32", "metadata"], // Alibaba Cloud
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link_local"],
  ["169.254.169.254/32", "metadata"], // AWS, GCP, Azure, OpenStack
  ["169.254.170.2/32", "metadata"], // AWS ECS task credentials
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "reserved"], // IETF protocol assignments
  ["192.0.0.192/32", "metadata"], // Oracle Cloud
  ["192.0.2.0/24", "documentation"], // TEST-NET-1
  ["192.88.99.0/24", "reserved"], // 6to4 relay anycast, deprecated
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "reserved"], // benchmarking
  ["198.51.100.0/24", "documentation"], // TEST-NET-2
  ["203.0.113.0/24", "documentation"], // TEST-NET-3
  ["224.0.0.0/4", "multicast"],
  ["240.0.0.0/4", "reserved"],
  ["255.255.255.255/32", "broadcast"],
];

// IPv6 is an allow-list: only global unicast (2000::/3) is public, and the forms that carry
// an IPv4 address are judged by that address, so ::ffff:127.0.0.1 is loopback.
const V6_RANGES: readonly Range<IpClass | Embedded>[] = [
  ["::/0", "reserved"], // unassigned outside 2000::/3
  ["2000::/3", "public"],
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  ["::/96", { ipv4At: 12 }], // IPv4-compatible, deprecated
  ["::ffff:0:0/96", { ipv4At: 12 }], // IPv4-mapped
  ["::ffff:0:0:0/96", { ipv4At: 12 }], // IPv4-translated (SIIT)
  ["64:ff9b::/96", { ipv4At: 12 }], // NAT64 well-known prefix
  ["64:ff9b:1::/48", "reserved"], // local-use NAT64: the IPv4 position is operator-defined
  ["100::/64", "reserved"], // discard-only
  ["2001::/23", "reserved"], // IETF protocol assignments, includes Teredo
  ["2001:db8::/32", "documentation"],
  ["2002::/16", { ipv4At: 2 }], // 6to4
  ["3fff::/20", "documentation"],
  ["fc00::/7", "ula"],
  ["fd00:ec2::254/128", "metadata"], // AWS IPv6 instance metadata
  ["fe80::/10", "link_local"],
  ["fec0::/10", "private"], // site-local, deprecated
  ["ff00::/8", "multicast"],
];

const V4_NETS = V4_RANGES.map(toNet);
const V6_NETS = V6_RANGES.map(toNet);

/**
 * Parses a canonical dotted-decimal IPv4 address (`127.0.0.1`) into 4 bytes.
 * Shortened, octal, hex and single-number forms return null: see {@link looksLikeIpv4}.
 */
export function parseIpv4(text: string): Uint8Array | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (const [i, part] of parts.entries()) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes[i] = n;
  }
  return bytes;
}

/**
 * Parses an IPv6 address into 16 bytes: `::` compression and a dotted IPv4 tail are
 * accepted; brackets and zone ids (`fe80::1%eth0`) return null.
 */
export function parseIpv6(text: string): Uint8Array | null {
  // The longest form is eight groups ending in a dotted quad: 45 characters.
  if (text.length > 45 || !/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? parseGroups(halves[1]!, true) : [];
  if (head === null || tail === null) return null;
  const count = head.length + tail.length;
  if (halves.length === 1 ? count !== 8 : count > 7) return null;
  const groups = [...head, ...Array<number>(8 - count).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

/** Parses an IPv4 or IPv6 literal (no brackets) into 4 or 16 bytes, or null. */
export function parseIp(text: string): Uint8Array | null {
  return text.includes(":") ? parseIpv6(text) : parseIpv4(text);
}

/**
 * Classifies an IP literal (no brackets). Anything that is not a canonical address,
 * including a zone id, is "invalid" so that callers fail closed.
 */
export function classifyIp(ip: string): IpClass {
  const bytes = parseIp(ip);
  return bytes === null ? "invalid" : classifyBytes(bytes);
}

/**
 * Whether a webhook may go to an address of this class. `allowPrivateNetworks` (local
 * development and tests only) lets every class through except "invalid".
 */
export function isAllowedIp(kind: IpClass, allowPrivateNetworks: boolean): boolean {
  return kind === "public" || (allowPrivateNetworks && kind !== "invalid");
}

/**
 * Whether a host name would be taken for an IPv4 address by the WHATWG URL parser or by
 * `inet_aton`-style resolvers: its last label is a decimal number or `0x` hex
 * (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`). Canonical dotted quads count too.
 */
export function looksLikeIpv4(host: string): boolean {
  const labels = host.split(".");
  if (labels.length > 1 && labels.at(-1) === "") labels.pop();
  return /^([0-9]+|0x[0-9a-f]*)$/i.test(labels.at(-1) ?? "");
}

function classifyBytes(bytes: Uint8Array): IpClass {
  if (bytes.length === 4) return longestMatch(V4_NETS, bytes) ?? "public";
  const kind = longestMatch(V6_NETS, bytes) ?? "reserved";
  if (typeof kind === "string") return kind;
  return classifyBytes(bytes.subarray(kind.ipv4At, kind.ipv4At + 4));
}

function longestMatch<K>(
  nets: readonly Net<K>[],
  bytes: Uint8Array,
): K | undefined {
  let best: Net<K> | undefined;
  for (const net of nets) {
    if (
      net.bytes.length !== bytes.length ||
      !inPrefix(bytes, net.bytes, net.prefix)
    ) continue;
    if (best === undefined || net.prefix > best.prefix) best = net;
  }
  return best?.kind;
}

function inPrefix(bytes: Uint8Array, net: Uint8Array, prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit += 8) {
    const mask = (0xff << (8 - Math.min(8, prefix - bit))) & 0xff;
    const i = bit / 8;
    if ((bytes[i]! & mask) !== net[i]) return false;
  }
  return true;
}

function parseGroups(text: string, allowIpv4Tail: boolean): number[] | null {
  if (text === "") return [];
  const parts = text.split(":");
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (allowIpv4Tail && i === parts.length - 1 && part.includes(".")) {
      const v4 = parseIpv4(part);
      if (v4 === null) return null;
      groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return null;
    }
  }
  return groups;
}

// Runs once at load: a typo in a table (bad address, host bits set) fails every test loudly.
function toNet<K>([cidr, kind]: Range<K>): Net<K> {
  const [address = "", prefixText = ""] = cidr.split("/");
  const bytes = parseIp(address);
  const prefix = Number(prefixText);
  if (
    bytes === null || !Number.isInteger(prefix) || prefix < 0 ||
    prefix > bytes.length * 8
  ) {
    throw new Error(`bad CIDR in table: ${cidr}`);
  }
  const network = bytes.map((b, i) => b & (0xff << (8 - Math.min(8, Math.max(0, prefix - 8 * i)))));
  if (network.some((b, i) => b !== bytes[i])) {
    throw new Error(`host bits set in table: ${cidr}`);
  }
  return { bytes, prefix, kind };
}
