import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { generateWebhookSecret } from "./secret.ts";
import {
  MAX_SIGNATURE_HEADER_LENGTH,
  parseSignatureHeader,
  signPayload,
  verifyWebhook,
  type WebhookBody,
} from "./signature.ts";

// Pinned vector, also reproducible with
// printf '%s' "1700000000.$BODY" | openssl dgst -sha256 -hmac "$SECRET"
const VECTOR = {
  secret: "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8", // bytes 0x00..0x1f, base64url
  timestamp: 1700000000,
  body: '{"id":"evt_01HZY8J6K3T5QW9XR2M4N7P0AB","type":"job.created"}',
  hex: "4133b77efe9490f54683f5111e3de755c63bd06f80a06fe0dbc232c2922b3307",
};
const T = 1_750_000_000;
const BODY = '{"id":"evt_1","type":"job.created","data":{"job":{"id":"job_1"}}}';
const ARABIC = '{"title":"مهندس برمجيات أول","city":"الرياض","note":"رواتب مجزية 💼"}';

/** The signature computed without the code under test. */
function independentHex(secret: string, t: number, body: WebhookBody): string {
  return createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex");
}

function at(seconds: number): Date {
  return new Date(seconds * 1000);
}

async function verify(
  secret: string,
  body: WebhookBody,
  header: string | null,
  extra: { timestampHeader?: string | null; now?: Date; toleranceSeconds?: number } = {},
) {
  return await verifyWebhook({ secret, body, signatureHeader: header, now: at(T), ...extra });
}

Deno.test("signPayload matches the pinned vector", async () => {
  const { secret, timestamp, body, hex } = VECTOR;
  const signed = signPayload({ secrets: [secret], timestamp, body });
  assert.equal(signed.header, `t=1700000000,v1=${hex}`);
  assert.equal(signed.timestamp, "1700000000");
  assert.equal(independentHex(secret, timestamp, body), hex);
  const result = await verify(secret, body, signed.header, { now: at(timestamp) });
  assert.deepEqual(result, { ok: true, timestamp });
});

Deno.test("signPayload matches node:crypto createHmac for text and bytes", () => {
  const secret = generateWebhookSecret();
  for (const body of [BODY, ARABIC, "", new TextEncoder().encode(ARABIC)]) {
    const { header } = signPayload({ secrets: [secret], timestamp: T, body });
    assert.equal(header, `t=${T},v1=${independentHex(secret, T, body)}`);
  }
});

Deno.test("signPayload signs bytes that are not valid UTF-8 as they are", async () => {
  const secret = generateWebhookSecret();
  const body = new Uint8Array([0x7b, 0xff, 0xfe, 0x00, 0x7d]);
  const { header } = signPayload({ secrets: [secret], timestamp: T, body });
  assert.equal(header, `t=${T},v1=${independentHex(secret, T, body)}`);
  assert.deepEqual(await verify(secret, body, header), { ok: true, timestamp: T });
});

Deno.test("a signed delivery verifies as text and as bytes, Arabic included", async () => {
  const secret = generateWebhookSecret();
  const { header, timestamp } = signPayload({
    secrets: [secret],
    timestamp: T,
    body: ARABIC,
  });
  const bytes = new TextEncoder().encode(ARABIC);
  for (const body of [ARABIC, bytes]) {
    const result = await verify(secret, body, header, { timestampHeader: timestamp });
    assert.deepEqual(result, { ok: true, timestamp: T });
  }
});

Deno.test("one changed byte of the body is no_match", async () => {
  const secret = generateWebhookSecret();
  const bytes = new TextEncoder().encode(ARABIC);
  const { header } = signPayload({ secrets: [secret], timestamp: T, body: bytes });
  for (const i of [0, 17, bytes.length - 1]) {
    const changed = bytes.slice();
    changed[i] = changed[i]! ^ 0x01;
    assert.deepEqual(await verify(secret, changed, header), { ok: false, reason: "no_match" });
  }
  assert.deepEqual(await verify(secret, `${ARABIC} `, header), { ok: false, reason: "no_match" });
});

Deno.test("re-serialised JSON is no_match", async () => {
  const secret = generateWebhookSecret();
  const body = '{ "id": "evt_1", "type": "job.created" }';
  const { header } = signPayload({ secrets: [secret], timestamp: T, body });
  const reserialised = JSON.stringify(JSON.parse(body));
  assert.deepEqual(await verify(secret, reserialised, header), { ok: false, reason: "no_match" });
});

Deno.test("a wrong secret is no_match", async () => {
  const { header } = signPayload({
    secrets: [generateWebhookSecret()],
    timestamp: T,
    body: BODY,
  });
  const result = await verify(generateWebhookSecret(), BODY, header);
  assert.deepEqual(result, { ok: false, reason: "no_match" });
});

Deno.test("during rotation the old and the new secret verify, a third does not", async () => {
  const [next, old, other] = [1, 2, 3].map(() => generateWebhookSecret()) as [
    string,
    string,
    string,
  ];
  const { header } = signPayload({ secrets: [next, old], timestamp: T, body: BODY });
  const newHex = independentHex(next, T, BODY);
  const oldHex = independentHex(old, T, BODY);
  assert.equal(header, `t=${T},v1=${newHex},v1=${oldHex}`);
  assert.deepEqual(await verify(next, BODY, header), { ok: true, timestamp: T });
  assert.deepEqual(await verify(old, BODY, header), { ok: true, timestamp: T });
  assert.deepEqual(await verify(other, BODY, header), { ok: false, reason: "no_match" });
});

Deno.test("the timestamp window is 300 s either way by default", async () => {
  const secret = generateWebhookSecret();
  const { header } = signPayload({ secrets: [secret], timestamp: T, body: BODY });
  const cases: [number, string][] = [
    [T + 301, "too_old"],
    [T + 300.5, "too_old"],
    [T + 300, "ok"],
    [T + 299, "ok"],
    [T, "ok"],
    [T - 299, "ok"],
    [T - 300, "ok"],
    [T - 301, "too_new"],
  ];
  for (const [now, expected] of cases) {
    const result = await verify(secret, BODY, header, { now: at(now) });
    assert.equal(result.ok ? "ok" : result.reason, expected, `now = t + ${now - T}`);
  }
});

Deno.test("toleranceSeconds narrows or widens the window", async () => {
  const secret = generateWebhookSecret();
  const { header } = signPayload({ secrets: [secret], timestamp: T, body: BODY });
  const narrow = await verify(secret, BODY, header, { now: at(T + 31), toleranceSeconds: 30 });
  assert.deepEqual(narrow, { ok: false, reason: "too_old" });
  const wide = await verify(secret, BODY, header, { now: at(T - 3599), toleranceSeconds: 3600 });
  assert.deepEqual(wide, { ok: true, timestamp: T });
});

Deno.test("an X-Service-Timestamp other than t is timestamp_mismatch", async () => {
  const secret = generateWebhookSecret();
  const { header } = signPayload({ secrets: [secret], timestamp: T, body: BODY });
  for (const stated of [String(T + 1), String(T - 1), "0"]) {
    const result = await verify(secret, BODY, header, { timestampHeader: stated });
    assert.deepEqual(result, { ok: false, reason: "timestamp_mismatch" }, stated);
  }
  for (const stated of ["", "abc", "1.5", `0${T}`, "-1"]) {
    const result = await verify(secret, BODY, header, { timestampHeader: stated });
    assert.deepEqual(result, { ok: false, reason: "malformed_header" }, stated);
  }
  for (const stated of [String(T), ` ${T} `, null, undefined]) {
    const result = await verify(secret, BODY, header, { timestampHeader: stated });
    assert.deepEqual(result, { ok: true, timestamp: T }, String(stated));
  }
});

Deno.test("a missing signature header is missing_header", async () => {
  const secret = generateWebhookSecret();
  for (const header of [null, undefined]) {
    const result = await verifyWebhook({ secret, body: BODY, signatureHeader: header, now: at(T) });
    assert.deepEqual(result, { ok: false, reason: "missing_header" });
  }
});

Deno.test("malformed signature headers are malformed_header", async () => {
  const secret = generateWebhookSecret();
  const hex = independentHex(secret, T, BODY);
  const headers = [
    "",
    "   ",
    `v1=${hex}`,
    `t=,v1=${hex}`,
    `t=abc,v1=${hex}`,
    `t=1.5e9,v1=${hex}`,
    `t=${T}.0,v1=${hex}`,
    `t=-${T},v1=${hex}`,
    `t=0${T},v1=${hex}`,
    `t=9999999999999999,v1=${hex}`,
    `t=${T},t=${T},v1=${hex}`,
    `t=${T}`,
    `t=${T},v0=${hex}`,
    `t=${T},v1=`,
    `t=${T},v1=${hex.slice(1)}`,
    `t=${T},v1=${hex}0`,
    `t=${T},v1=${"g".repeat(64)}`,
    `t=${T},v1=${hex},v1=${hex.slice(2)}`,
    `t=${T},v1=${hex},garbage`,
    `t=${T};v1=${hex}`,
    "hello world",
    "\u0000\u00ff💥",
    `t=${T},v1=${hex},v0=${"a".repeat(MAX_SIGNATURE_HEADER_LENGTH)}`,
  ];
  for (const header of headers) {
    assert.equal(parseSignatureHeader(header), undefined, header.slice(0, 80));
    const result = await verify(secret, BODY, header);
    assert.deepEqual(result, { ok: false, reason: "malformed_header" }, header.slice(0, 80));
  }
});

Deno.test("a header of exactly 4 KiB is still read", async () => {
  const secret = generateWebhookSecret();
  const start = `t=${T},v1=${independentHex(secret, T, BODY)},v0=`;
  const header = start + "a".repeat(MAX_SIGNATURE_HEADER_LENGTH - start.length);
  assert.equal(header.length, 4096);
  assert.deepEqual(await verify(secret, BODY, header), { ok: true, timestamp: T });
  assert.deepEqual(await verify(secret, BODY, `${header}a`), {
    ok: false,
    reason: "malformed_header",
  });
});

Deno.test("parseSignatureHeader tolerates spaces, empty items and unknown schemes", async () => {
  const secret = generateWebhookSecret();
  const hex = independentHex(secret, T, BODY);
  const other = "ab".repeat(32);
  const header = `  t = ${T} , v0=${
    "0".repeat(64)
  },  v1=${other} ,, v2=future,v1=${hex.toUpperCase()} `;
  assert.deepEqual(parseSignatureHeader(header), { timestamp: T, signatures: [other, hex] });
  assert.deepEqual(await verify(secret, BODY, header), { ok: true, timestamp: T });
});

Deno.test("signPayload throws on no secrets, a malformed secret and a bad timestamp", () => {
  const secret = generateWebhookSecret();
  assert.throws(() => signPayload({ secrets: [], timestamp: T, body: BODY }), TypeError);
  for (const bad of ["", "whsec_short", `${secret}\n`, secret.slice("whsec_".length)]) {
    assert.throws(() => signPayload({ secrets: [secret, bad], timestamp: T, body: BODY }));
  }
  for (const timestamp of [-1, 1.5, NaN, Infinity, Date.now()]) {
    assert.throws(() => signPayload({ secrets: [secret], timestamp, body: BODY }), RangeError);
  }
});

Deno.test("verifyWebhook throws on a misconfigured secret, clock or tolerance", async () => {
  const secret = generateWebhookSecret();
  const { header } = signPayload({ secrets: [secret], timestamp: T, body: BODY });
  for (const bad of [`${secret}\n`, secret.slice("whsec_".length), ""]) {
    await assert.rejects(verify(bad, BODY, header), TypeError);
  }
  await assert.rejects(verify(secret, BODY, header, { now: new Date(NaN) }), RangeError);
  for (const toleranceSeconds of [-1, NaN, Infinity]) {
    await assert.rejects(verify(secret, BODY, header, { toleranceSeconds }), RangeError);
  }
});

Deno.test("signing many deliveries with many secrets stays consistent", async () => {
  // More secrets than the key cache holds, twice over, so eviction runs on every path.
  const secrets = Array.from({ length: 600 }, () => generateWebhookSecret());
  for (const round of [0, 1]) {
    const results = await Promise.all(secrets.map(async (secret) => {
      const body = `${BODY}${round}`;
      const { header } = signPayload({ secrets: [secret], timestamp: T, body });
      return header === `t=${T},v1=${independentHex(secret, T, body)}` &&
        (await verify(secret, body, header)).ok;
    }));
    assert.ok(results.every(Boolean));
  }
});
