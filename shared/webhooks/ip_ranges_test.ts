import assert from "node:assert/strict";
import { classifyIp, type IpClass, looksLikeIpv4, parseIpv4, parseIpv6 } from "./ip_ranges.ts";

// Each range at its edges, with the first public address either side where there is one.
const CASES: readonly [string, IpClass][] = [
  // IPv4
  ["0.0.0.0", "unspecified"],
  ["0.0.0.1", "reserved"],
  ["0.255.255.255", "reserved"],
  ["1.0.0.0", "public"],
  ["8.8.8.8", "public"],
  ["9.255.255.255", "public"],
  ["10.0.0.0", "private"],
  ["10.255.255.255", "private"],
  ["11.0.0.0", "public"],
  ["100.63.255.255", "public"],
  ["100.64.0.0", "cgnat"],
  ["100.127.255.255", "cgnat"],
  ["100.100.100.200", "metadata"],
  ["100.128.0.0", "public"],
  ["126.255.255.255", "public"],
  ["127.0.0.0", "loopback"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.255", "loopback"],
  ["128.0.0.0", "public"],
  ["169.253.255.255", "public"],
  ["169.254.0.0", "link_local"],
  ["169.254.169.254", "metadata"],
  ["169.254.169.253", "link_local"],
  ["169.254.170.2", "metadata"],
  ["169.254.255.255", "link_local"],
  ["169.255.0.0", "public"],
  ["172.15.255.255", "public"],
  ["172.16.0.0", "private"],
  ["172.31.255.255", "private"],
  ["172.32.0.0", "public"],
  ["191.255.255.255", "public"],
  ["192.0.0.0", "reserved"],
  ["192.0.0.192", "metadata"],
  ["192.0.0.255", "reserved"],
  ["192.0.1.255", "public"],
  ["192.0.2.0", "documentation"],
  ["192.0.2.255", "documentation"],
  ["192.0.3.0", "public"],
  ["192.88.99.1", "reserved"],
  ["192.167.255.255", "public"],
  ["192.168.0.0", "private"],
  ["192.168.255.255", "private"],
  ["192.169.0.0", "public"],
  ["198.17.255.255", "public"],
  ["198.18.0.0", "reserved"],
  ["198.19.255.255", "reserved"],
  ["198.20.0.0", "public"],
  ["198.51.99.255", "public"],
  ["198.51.100.0", "documentation"],
  ["198.51.100.255", "documentation"],
  ["198.51.101.0", "public"],
  ["203.0.112.255", "public"],
  ["203.0.113.0", "documentation"],
  ["203.0.113.255", "documentation"],
  ["203.0.114.0", "public"],
  ["223.255.255.255", "public"],
  ["224.0.0.0", "multicast"],
  ["239.255.255.255", "multicast"],
  ["240.0.0.0", "reserved"],
  ["255.255.255.254", "reserved"],
  ["255.255.255.255", "broadcast"],
  // IPv6
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["2001:4860:4860::8888", "public"],
  ["2606:4700:4700::1111", "public"],
  ["2000::", "public"],
  ["3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "public"],
  ["3ffe:ffff::1", "public"],
  ["4000::", "reserved"],
  ["1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "reserved"],
  ["2001:db8::1", "documentation"],
  ["2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"],
  ["2001:db9::", "public"],
  ["2001::1", "reserved"],
  ["2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", "reserved"],
  ["2001:200::", "public"],
  ["3fff::", "documentation"],
  ["3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"],
  ["3fff:1000::", "public"],
  ["100::1", "reserved"],
  ["fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "reserved"],
  ["fc00::", "ula"],
  ["fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "ula"],
  ["fd00:ec2::254", "metadata"],
  ["fd00:ec2::253", "ula"],
  ["fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "reserved"],
  ["fe80::", "link_local"],
  ["fe80::1", "link_local"],
  ["febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "link_local"],
  ["fec0::1", "private"],
  ["ff00::", "multicast"],
  ["ff02::1", "multicast"],
  ["ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "multicast"],
  // IPv6 forms carrying an IPv4 address are judged by that address.
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::FFFF:7F00:1", "loopback"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:a00:1", "private"],
  ["::ffff:169.254.169.254", "metadata"],
  ["::ffff:0.0.0.0", "unspecified"],
  ["::ffff:8.8.8.8", "public"],
  ["0:0:0:0:0:ffff:808:808", "public"],
  ["::127.0.0.1", "loopback"],
  ["::7f00:1", "loopback"],
  ["::a00:1", "private"],
  ["::2", "reserved"],
  ["::808:808", "public"],
  ["::ffff:0:127.0.0.1", "loopback"],
  ["::ffff:0:a00:1", "private"],
  ["64:ff9b::7f00:1", "loopback"],
  ["64:ff9b::127.0.0.1", "loopback"],
  ["64:ff9b::192.168.1.1", "private"],
  ["64:ff9b::a9fe:a9fe", "metadata"],
  ["64:ff9b::808:808", "public"],
  ["64:ff9b:1::a00:1", "reserved"],
  ["2002:7f00:1::", "loopback"],
  ["2002:a00:1::1", "private"],
  ["2002:a9fe:a9fe::", "metadata"],
  ["2002:c0a8:101:1::1", "private"],
  ["2002:808:808::1", "public"],
  // Not canonical literals: fail closed.
  ["fe80::1%eth0", "invalid"],
  ["fe80::1%25eth0", "invalid"],
  ["[::1]", "invalid"],
  ["127.1", "invalid"],
  ["0177.0.0.1", "invalid"],
  ["0x7f.0.0.1", "invalid"],
  ["2130706433", "invalid"],
  ["localhost", "invalid"],
  ["", "invalid"],
];

for (const [ip, expected] of CASES) {
  Deno.test(`classifyIp(${JSON.stringify(ip)}) is ${expected}`, () => {
    assert.equal(classifyIp(ip), expected);
  });
}

Deno.test("parseIpv4 accepts only canonical dotted decimal", () => {
  assert.deepEqual(parseIpv4("192.168.0.1"), new Uint8Array([192, 168, 0, 1]));
  for (
    const bad of [
      "256.0.0.1",
      "1.2.3",
      "1.2.3.4.5",
      "01.2.3.4",
      "1.2.3.-4",
      "1..2.3",
      " 1.2.3.4",
      "1.2.3.4 ",
    ]
  ) {
    assert.equal(parseIpv4(bad), null, bad);
  }
});

Deno.test("parseIpv6 expands :: and a dotted IPv4 tail", () => {
  const loopback = new Uint8Array(16);
  loopback[15] = 1;
  assert.deepEqual(parseIpv6("::1"), loopback);
  assert.deepEqual(parseIpv6("0:0:0:0:0:0:0.0.0.1"), loopback);
  assert.deepEqual(
    parseIpv6("1:2:3:4:5:6:7::"),
    new Uint8Array([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 0]),
  );
  assert.deepEqual(
    parseIpv6("::ffff:1.2.3.4"),
    new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4]),
  );
});

Deno.test("parseIpv6 rejects malformed text, brackets and zone ids", () => {
  const bad = [
    "",
    ":",
    ":::",
    "1:::2",
    ":1::",
    "1::2::3",
    "1:2:3:4:5:6:7",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7::8:9",
    "12345::",
    "g::1",
    "::1.2.3.4:5",
    "1.2.3.4::",
    "::1.2.3",
    "::01.2.3.4",
    "[::1]",
    "fe80::1%eth0",
    "1:2:3:4:5:6:7:8:1.2.3.4",
  ];
  for (const text of bad) assert.equal(parseIpv6(text), null, text);
});

Deno.test("looksLikeIpv4 spots names that resolvers read as numbers", () => {
  for (
    const host of [
      "2130706433",
      "0177.0.0.1",
      "0x7f.0.0.1",
      "0x7f.1",
      "127.1",
      "127.0.0.1.",
      "0x",
    ]
  ) {
    assert.equal(looksLikeIpv4(host), true, host);
  }
  for (
    const host of [
      "example.com",
      "8.8.8.8.nip.io",
      "0x7f.example",
      "1e3",
      "a.0xg",
    ]
  ) {
    assert.equal(looksLikeIpv4(host), false, host);
  }
});
