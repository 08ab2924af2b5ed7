import assert from "node:assert/strict";
import {
  checkWebhookUrl,
  hostRefusalReason,
  MAX_WEBHOOK_URL_LENGTH,
  normaliseHost,
  type WebhookUrlCode,
} from "./url_rules.ts";

const STRICT = { allowPrivateNetworks: false };
const LOCAL_DEV = { allowPrivateNetworks: true };

const ALLOWED: readonly string[] = [
  "https://example.com/hook",
  "https://example.com:8443/hook",
  "https://example.com:1/hook",
  "https://EXAMPLE.com./hook?x=1#frag",
  "https://hooks.partner.example.co/v1/events",
  "https://8.8.8.8/x",
  "https://134744072/x", // decimal form of 8.8.8.8, normalised by new URL
  "https://11.0.0.0/",
  "https://172.15.255.255/",
  "https://172.32.0.0/",
  "https://100.63.255.255/",
  "https://[2001:4860:4860::8888]/",
  "https://[::ffff:8.8.8.8]/",
  "https://127.0.0.1.nip.io/", // a name: its DNS answer is checked at delivery
  "https://localhost.example.com/",
  "https://internal.example.com/",
];

const REFUSED: readonly [url: string, code: WebhookUrlCode][] = [
  ["not a url", "invalid_format"],
  ["", "invalid_format"],
  ["https://", "invalid_format"],
  ["https://[fe80::1%25eth0]/", "invalid_format"], // zone ids are not valid in URLs
  ["https://256.0.0.1/", "invalid_format"],
  ["https://09.0.0.1/", "invalid_format"],
  ["https://0x100000000/", "invalid_format"],
  ["http://example.com/hook", "not_https"],
  ["HTTP://example.com/", "not_https"],
  ["ftp://example.com/", "not_https"],
  ["wss://example.com/", "not_https"],
  ["javascript:alert(1)", "not_https"],
  ["file:///etc/passwd", "not_https"],
  ["https://user:pass@example.com/", "userinfo"],
  ["https://user@example.com/", "userinfo"],
  ["https://:pass@example.com/", "userinfo"],
  ["https://example.com@127.0.0.1/", "userinfo"], // the host is 127.0.0.1, not example.com
  // loopback, and the non-canonical spellings new URL normalises to 127.0.0.1
  ["https://127.0.0.1/", "forbidden_host"],
  ["https://127.0.0.1:8443/", "forbidden_host"],
  ["https://127.255.255.255/", "forbidden_host"],
  ["https://2130706433/", "forbidden_host"],
  ["https://0177.0.0.1/", "forbidden_host"],
  ["https://0x7f.0.0.1/", "forbidden_host"],
  ["https://0x7f000001/", "forbidden_host"],
  ["https://017700000001/", "forbidden_host"],
  ["https://127.1/", "forbidden_host"],
  ["https://127.0.1/", "forbidden_host"],
  ["https://127.0.0.1./", "forbidden_host"],
  ["https://１２７.０.０.１/", "forbidden_host"],
  ["https://[::1]/", "forbidden_host"],
  ["https://[0:0:0:0:0:0:0:1]/", "forbidden_host"],
  ["https://0.0.0.0/", "forbidden_host"],
  ["https://0/", "forbidden_host"],
  ["https://[::]/", "forbidden_host"],
  // private, CGNAT, link-local, metadata
  ["https://10.0.0.0/", "forbidden_host"],
  ["https://10.255.255.255/", "forbidden_host"],
  ["https://172.16.0.0/", "forbidden_host"],
  ["https://172.31.255.255/", "forbidden_host"],
  ["https://192.168.1.1/", "forbidden_host"],
  ["https://100.64.0.0/", "forbidden_host"],
  ["https://100.127.255.255/", "forbidden_host"],
  ["https://169.254.169.254/latest/meta-data/", "forbidden_host"],
  ["https://169.254.0.1/", "forbidden_host"],
  ["https://[fd00:ec2::254]/", "forbidden_host"],
  ["https://[fe80::1]/", "forbidden_host"],
  ["https://[fc00::1]/", "forbidden_host"],
  ["https://[fd12:3456::1]/", "forbidden_host"],
  ["https://[ff02::1]/", "forbidden_host"],
  // IPv4 inside IPv6
  ["https://[::ffff:127.0.0.1]/", "forbidden_host"],
  ["https://[::ffff:7f00:1]/", "forbidden_host"],
  ["https://[::ffff:10.0.0.1]/", "forbidden_host"],
  ["https://[::ffff:a00:1]/", "forbidden_host"],
  ["https://[::127.0.0.1]/", "forbidden_host"],
  ["https://[::ffff:0:127.0.0.1]/", "forbidden_host"],
  ["https://[64:ff9b::7f00:1]/", "forbidden_host"],
  ["https://[64:ff9b::10.0.0.1]/", "forbidden_host"],
  ["https://[2002:7f00:1::]/", "forbidden_host"],
  ["https://[2002:a9fe:a9fe::]/", "forbidden_host"],
  // documentation, benchmark, reserved, multicast, broadcast
  ["https://192.0.2.1/", "forbidden_host"],
  ["https://198.51.100.1/", "forbidden_host"],
  ["https://203.0.113.1/", "forbidden_host"],
  ["https://198.18.0.0/", "forbidden_host"],
  ["https://198.19.255.255/", "forbidden_host"],
  ["https://240.0.0.1/", "forbidden_host"],
  ["https://224.0.0.1/", "forbidden_host"],
  ["https://255.255.255.255/", "forbidden_host"],
  ["https://[2001:db8::1]/", "forbidden_host"],
  // local names
  ["https://localhost/", "forbidden_host"],
  ["https://LOCALHOST./", "forbidden_host"],
  ["https://localhost:8443/", "forbidden_host"],
  ["https://api.localhost/", "forbidden_host"],
  ["https://printer.local/", "forbidden_host"],
  ["https://db.internal/", "forbidden_host"],
  ["https://metadata.google.internal/computeMetadata/v1/", "forbidden_host"],
  ["https://metadata.google.internal./", "forbidden_host"],
  ["https://localhost.localdomain/", "forbidden_host"],
  ["https://router.home.arpa/", "forbidden_host"],
  ["https://metadata/", "forbidden_host"],
  ["https://postgres:5432/", "forbidden_host"],
  ["https://localhost../", "forbidden_host"],
  ["https://a!b.example.com/", "forbidden_host"],
];

for (const raw of ALLOWED) {
  Deno.test(`checkWebhookUrl allows ${raw}`, () => {
    const result = checkWebhookUrl(raw, STRICT);
    assert.equal(result.ok, true, JSON.stringify(result));
  });
}

for (const [raw, code] of REFUSED) {
  Deno.test(`checkWebhookUrl refuses ${JSON.stringify(raw)} as ${code}`, () => {
    const result = checkWebhookUrl(raw, STRICT);
    assert.equal(result.ok, false);
    if (!result.ok) {
      assert.equal(result.code, code);
      assert.ok(result.reason.length > 0);
    }
  });
}

Deno.test("checkWebhookUrl allows 2,048 characters and refuses 2,049", () => {
  const base = "https://example.com/";
  const at = (n: number) => base + "a".repeat(n - base.length);
  assert.equal(at(MAX_WEBHOOK_URL_LENGTH).length, 2048);
  assert.equal(checkWebhookUrl(at(2048), STRICT).ok, true);
  const refused = checkWebhookUrl(at(2049), STRICT);
  assert.equal(refused.ok === false && refused.code, "too_long");
});

Deno.test("checkWebhookUrl measures the normalised URL too", () => {
  // Each space becomes %20, so 700 raw characters grow past the limit.
  const raw = `https://example.com/${" x".repeat(700)}`;
  assert.ok(raw.length <= MAX_WEBHOOK_URL_LENGTH);
  const result = checkWebhookUrl(raw, STRICT);
  assert.equal(result.ok === false && result.code, "too_long");
});

Deno.test("checkWebhookUrl returns the normalised URL to store", () => {
  const result = checkWebhookUrl("HTTPS://0x08.8.2056:8443/h", STRICT);
  assert.equal(result.ok && result.url.href, "https://8.8.8.8:8443/h");
});

Deno.test("checkWebhookUrl refusals name the reason", () => {
  const result = checkWebhookUrl("https://[::ffff:7f00:1]/", STRICT);
  assert.equal(
    result.ok === false && result.reason,
    "::ffff:7f00:1 is not a public address (loopback).",
  );
});

Deno.test("allowPrivateNetworks lifts the address and name rules only", () => {
  for (
    const raw of [
      "https://127.0.0.1:8443/",
      "https://[::1]/",
      "https://localhost/",
      "https://mock-partner/",
      "https://169.254.169.254/",
    ]
  ) {
    assert.equal(checkWebhookUrl(raw, LOCAL_DEV).ok, true, raw);
  }
  const cases: [string, WebhookUrlCode][] = [
    ["http://localhost/", "not_https"],
    ["https://u:p@localhost/", "userinfo"],
    [`https://localhost/${"a".repeat(2048)}`, "too_long"],
  ];
  for (const [raw, code] of cases) {
    const result = checkWebhookUrl(raw, LOCAL_DEV);
    assert.equal(result.ok === false && result.code, code, raw);
  }
});

Deno.test("hostRefusalReason refuses numeric names that did not come through new URL", () => {
  for (const host of ["2130706433", "0177.0.0.1", "0x7f.0.0.1", "127.1"]) {
    assert.match(
      hostRefusalReason(host, STRICT) ?? "",
      /not a canonical IPv4/,
      host,
    );
    assert.match(
      hostRefusalReason(host, LOCAL_DEV) ?? "",
      /not a canonical IPv4/,
      host,
    );
  }
});

Deno.test("hostRefusalReason refuses zone ids and odd characters even in local development", () => {
  for (
    const host of [
      "fe80::1%eth0",
      "[fe80::1%eth0]",
      "a!b.com",
      "a..b",
      ".",
      "a b",
    ]
  ) {
    assert.notEqual(hostRefusalReason(host, LOCAL_DEV), null, host);
  }
  assert.equal(hostRefusalReason("under_score.example.com", STRICT), null);
});

Deno.test("normaliseHost strips brackets and trailing dots and lowers case", () => {
  assert.equal(normaliseHost("[::1]"), "::1");
  assert.equal(normaliseHost("LocalHost.."), "localhost");
  assert.equal(normaliseHost("example.com"), "example.com");
});
