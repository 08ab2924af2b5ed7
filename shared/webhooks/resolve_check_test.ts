import assert from "node:assert/strict";
import {
  checkResolvedHost,
  type LookupCallback,
  pickAddress,
  pinnedLookup,
  type Resolve,
} from "./resolve_check.ts";

const STRICT = { allowPrivateNetworks: false };

/** A resolver answering from a table and recording what it was asked. */
function fakeDns(table: Record<string, { A?: string[]; AAAA?: string[] }>) {
  const asked: string[] = [];
  const resolve: Resolve = (host, type) => {
    asked.push(`${host} ${type}`);
    const records = table[host]?.[type];
    if (records === undefined) {
      return Promise.reject(new Deno.errors.NotFound("no records"));
    }
    return Promise.resolve(records);
  };
  return { resolve, asked };
}

Deno.test("checkResolvedHost allows a name whose every record is public", async () => {
  const { resolve } = fakeDns({
    "hooks.example.com": {
      A: ["93.184.215.14"],
      AAAA: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    },
  });
  const result = await checkResolvedHost("hooks.example.com", {
    ...STRICT,
    resolve,
  });
  assert.deepEqual(result, {
    ok: true,
    addresses: ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  });
});

Deno.test("checkResolvedHost refuses a name with one public and one private record", async () => {
  const { resolve } = fakeDns({
    "mixed.example.com": { A: ["93.184.215.14", "10.0.0.5"] },
  });
  const result = await checkResolvedHost("mixed.example.com", {
    ...STRICT,
    resolve,
  });
  assert.deepEqual(result, {
    ok: false,
    reason: "not a public address",
    detail: "mixed.example.com resolves to 10.0.0.5, which is not a public address (private).",
    retriable: false,
  });
});

Deno.test("checkResolvedHost never puts a resolved or literal address in the partner's reason", async () => {
  const { resolve } = fakeDns({
    "rebind.example.com": { A: ["169.254.169.254"] },
    "v6only.example.com": { AAAA: ["fd00::7"] },
  });
  for (const host of ["rebind.example.com", "v6only.example.com", "10.1.2.3", "[fd00::7]"]) {
    const result = await checkResolvedHost(host, { ...STRICT, resolve });
    assert.ok(!result.ok, host);
    assert.equal(result.reason, "not a public address", host);
    assert.doesNotMatch(result.reason, /169\.254|fd00|10\.1/, host);
    assert.match(result.detail ?? "", /169\.254\.169\.254|fd00::7|10\.1\.2\.3/, host);
  }
});

Deno.test("checkResolvedHost refuses a private AAAA record next to a public A record", async () => {
  const { resolve } = fakeDns({
    "v6.example.com": { A: ["8.8.8.8"], AAAA: ["::ffff:127.0.0.1"] },
  });
  const result = await checkResolvedHost("v6.example.com", {
    ...STRICT,
    resolve,
  });
  assert.equal(result.ok, false);
});

Deno.test("checkResolvedHost refuses a name that rebinds to loopback", async () => {
  const { resolve } = fakeDns({ "127.0.0.1.nip.io": { A: ["127.0.0.1"] } });
  const result = await checkResolvedHost("127.0.0.1.nip.io", {
    ...STRICT,
    resolve,
  });
  assert.equal(result.ok === false && result.retriable, false);
});

Deno.test("checkResolvedHost refuses a name with no records", async () => {
  const { resolve, asked } = fakeDns({
    "empty.example.com": { A: [], AAAA: [] },
  });
  const result = await checkResolvedHost("empty.example.com", {
    ...STRICT,
    resolve,
  });
  assert.deepEqual(result, {
    ok: false,
    reason: "empty.example.com has no A or AAAA record.",
    retriable: false,
  });
  assert.deepEqual(asked.sort(), [
    "empty.example.com A",
    "empty.example.com AAAA",
  ]);
  const missing = await checkResolvedHost("nx.example.com", {
    ...STRICT,
    resolve,
  });
  assert.equal(missing.ok, false);
});

Deno.test("checkResolvedHost treats NotFound for one type as no records of that type", async () => {
  const { resolve } = fakeDns({ "v4only.example.com": { A: ["8.8.4.4"] } });
  const result = await checkResolvedHost("v4only.example.com.", {
    ...STRICT,
    resolve,
  });
  assert.deepEqual(result, { ok: true, addresses: ["8.8.4.4"] });
});

Deno.test("checkResolvedHost reports other DNS failures as retriable", async () => {
  const resolve: Resolve = () => Promise.reject(new Error("SERVFAIL"));
  const result = await checkResolvedHost("flaky.example.com", {
    ...STRICT,
    resolve,
  });
  assert.deepEqual(result, {
    ok: false,
    reason: "DNS lookup of flaky.example.com failed: SERVFAIL",
    retriable: true,
  });
});

Deno.test("checkResolvedHost refuses an answer that is not an IP address", async () => {
  const { resolve } = fakeDns({ "odd.example.com": { A: ["not-an-ip"] } });
  for (const allowPrivateNetworks of [false, true]) {
    const result = await checkResolvedHost("odd.example.com", {
      allowPrivateNetworks,
      resolve,
    });
    assert.equal(result.ok, false);
  }
});

Deno.test("checkResolvedHost classifies IP literals without DNS", async () => {
  const { resolve, asked } = fakeDns({});
  assert.deepEqual(await checkResolvedHost("8.8.8.8", { ...STRICT, resolve }), {
    ok: true,
    addresses: ["8.8.8.8"],
  });
  assert.deepEqual(
    await checkResolvedHost("[2001:4860:4860::8888]", { ...STRICT, resolve }),
    {
      ok: true,
      addresses: ["2001:4860:4860::8888"],
    },
  );
  for (
    const host of [
      "127.0.0.1",
      "[::1]",
      "[::ffff:a00:1]",
      "169.254.169.254",
      "2130706433",
    ]
  ) {
    const result = await checkResolvedHost(host, { ...STRICT, resolve });
    assert.equal(result.ok, false, host);
  }
  assert.deepEqual(asked, []);
});

Deno.test("checkResolvedHost refuses local names without asking DNS", async () => {
  const { resolve, asked } = fakeDns({ "localhost": { A: ["8.8.8.8"] } });
  for (
    const host of [
      "localhost",
      "metadata.google.internal",
      "printer.local",
      "metadata",
    ]
  ) {
    const result = await checkResolvedHost(host, { ...STRICT, resolve });
    assert.equal(result.ok, false, host);
  }
  assert.deepEqual(asked, []);
});

Deno.test("allowPrivateNetworks lets private answers through", async () => {
  const { resolve } = fakeDns({ "partner-mock": { A: ["172.18.0.4"] } });
  const result = await checkResolvedHost("partner-mock", {
    allowPrivateNetworks: true,
    resolve,
  });
  assert.deepEqual(result, { ok: true, addresses: ["172.18.0.4"] });
});

Deno.test("checkResolvedHost resolves localhost with Deno.resolveDns (offline)", async () => {
  const result = await checkResolvedHost("localhost", {
    allowPrivateNetworks: true,
  });
  assert.equal(result.ok, true, JSON.stringify(result));
  assert.ok(result.ok && result.addresses.includes("127.0.0.1"));
});

Deno.test("pickAddress prefers the first IPv4 address", () => {
  assert.equal(
    pickAddress(["2001:4860:4860::8888", "8.8.8.8", "8.8.4.4"]),
    "8.8.8.8",
  );
  assert.equal(pickAddress(["2001:4860:4860::8888"]), "2001:4860:4860::8888");
  assert.throws(() => pickAddress([]));
});

Deno.test("pinnedLookup answers both lookup forms with the checked address", () => {
  const calls: unknown[][] = [];
  const callback: LookupCallback = (...args) => void calls.push(args);
  pinnedLookup("8.8.8.8")("hooks.example.com", { all: true }, callback);
  pinnedLookup("2001:4860:4860::8888")("hooks.example.com", {}, callback);
  assert.deepEqual(calls, [
    [null, [{ address: "8.8.8.8", family: 4 }]],
    [null, "2001:4860:4860::8888", 6],
  ]);
});
