import assert from "node:assert/strict";
import { replaceKeys } from "@hire/accounts";
import { generateApiKey } from "@hire/partners";
import { jobBody, startStack, TEST_ENV } from "@hire/testing/stack.ts";
import { startTcpProxy } from "@hire/testing/tcp_proxy.ts";

const stack = await startStack();
Deno.test.afterAll(() => stack.stop());

const ENDPOINTS: [string, string][] = [
  ["POST", "/v1/partner/jobs"],
  ["GET", "/v1/partner/jobs"],
  ["GET", "/v1/partner/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV"],
  ["PATCH", "/v1/partner/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV"],
  ["DELETE", "/v1/partner/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV"],
];

async function assertUnauthorized(headers: Record<string, string>) {
  for (const [method, path] of ENDPOINTS) {
    const res = await stack.fetch(path, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: method === "POST" || method === "PATCH" ? JSON.stringify(jobBody()) : undefined,
    });
    assert.equal(res.status, 401, `${method} ${path} with ${JSON.stringify(headers)}`);
    assert.equal(res.body.code, "partner.unauthorized");
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
  }
}

Deno.test("every endpoint answers 401 partner.unauthorized without a key", async () => {
  await assertUnauthorized({});
});

Deno.test("a malformed Authorization header answers 401", async () => {
  const { apiKey } = await stack.partner();
  await assertUnauthorized({ authorization: apiKey });
  await assertUnauthorized({ authorization: `Basic ${apiKey}` });
  await assertUnauthorized({ authorization: "Bearer" });
  await assertUnauthorized({ authorization: "Bearer not-a-key" });
});

Deno.test("an unknown key of the right shape answers 401", async () => {
  await assertUnauthorized({ authorization: `Bearer hk_live_${"A".repeat(43)}` });
});

Deno.test("the Bearer scheme is case-insensitive", async () => {
  const { apiKey } = await stack.partner();
  const res = await stack.fetch("/v1/partner/jobs", {
    headers: { authorization: `bearer ${apiKey}` },
  });
  assert.equal(res.status, 200);
});

Deno.test("rotate-key revokes the old key at once and the new key works", async () => {
  const partner = await stack.partner();
  const job = await partner.call("POST", "/v1/partner/jobs", jobBody());
  assert.equal(job.status, 201);
  // Warm the edge's key cache so the test proves revocation clears it.
  assert.equal((await partner.call("GET", "/v1/partner/jobs")).status, 200);

  const rotated = await replaceKeys(stack.sql, {
    partnerId: partner.partnerId,
    actor: { kind: "operator" },
  });
  assert.notEqual(rotated.apiKey, partner.apiKey);

  const deadline = Date.now() + 5000;
  let old = await partner.call("GET", "/v1/partner/jobs");
  while (old.status === 200 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    old = await partner.call("GET", "/v1/partner/jobs");
  }
  assert.equal(old.status, 401);
  const fresh = await stack.fetch(`/v1/partner/jobs/${job.body.id}`, {
    headers: { authorization: `Bearer ${rotated.apiKey}` },
  });
  assert.equal(fresh.status, 200);
  assert.equal(fresh.body.id, job.body.id);
});

Deno.test("keys are stored only as hashes", async () => {
  const { partnerId, apiKey } = await stack.partner();
  const rows = await stack
    .sql`SELECT encode(key_hash, 'hex') AS h, key_prefix FROM api_keys WHERE partner_id = ${partnerId}`;
  assert.equal(rows.length, 1);
  assert.notEqual(rows[0]!.h, apiKey);
  assert.match(rows[0]!.h, /^[0-9a-f]{64}$/);
  assert.ok(apiKey.startsWith(rows[0]!.key_prefix));
  assert.ok(rows[0]!.key_prefix.length < 20);
});

Deno.test("random well-formed keys from one address get 429 past the allowance, without asking Postgres", async () => {
  // The edge reaches Postgres through a proxy the test cuts: once cut, a lookup would answer
  // 503, so a 429 proves the request was refused before any lookup.
  const target = new URL(TEST_ENV.DATABASE_URL);
  const proxy = startTcpProxy({ hostname: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(TEST_ENV.DATABASE_URL);
  viaProxy.port = String(proxy.port);
  const limited = await startStack({
    edgeDatabaseUrl: viaProxy.toString(),
    edgeEnv: { AUTH_ATTEMPTS_PER_MINUTE: "5" },
  });
  const guess = () =>
    limited.fetch("/v1/partner/jobs", { headers: { authorization: `Bearer ${generateApiKey()}` } });
  try {
    for (let i = 0; i < 5; i++) assert.equal((await guess()).status, 401, `guess ${i}`);
    proxy.cut();
    for (let i = 0; i < 20; i++) {
      const res = await guess();
      assert.equal(res.status, 429, `guess ${5 + i}`);
      assert.equal(res.body.code, "partner.auth_rate_limited");
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      assert.equal(res.headers.get("retry-after"), "12", "one more guess every 12 s at 5 a minute");
      assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
      assert.ok(res.body.message.length > 0);
    }
    // A client cannot buy a fresh allowance by naming another address: without TRUST_PROXY
    // the header is ignored.
    assert.equal(
      (await limited.fetch("/v1/partner/jobs", {
        headers: { authorization: `Bearer ${generateApiKey()}`, "x-forwarded-for": "203.0.113.9" },
      })).status,
      429,
      "X-Forwarded-For is not trusted by default",
    );
  } finally {
    proxy.cut();
    await limited.stop();
  }
});
