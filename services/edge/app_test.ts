import assert from "node:assert/strict";
import { silentLogger } from "@hire/log";
import { createApp, type EdgeDeps } from "./app.ts";
import { appSettings, loadEdgeConfig } from "./config.ts";
import { createJobCache } from "./job_cache.ts";
import { createKeyCache } from "./middleware/auth.ts";

// HTTP behaviour of faults, through app.request(): a dependency that fails in a way no
// real server can be made to on demand (a bug), to prove what a 500 reveals.
const KEY = `hk_live_${"k".repeat(43)}`;

function appWith(fault: Error) {
  const keyCache = createKeyCache(60_000);
  keyCache.set(KEY, {
    partnerId: "ptr_01ARZ3NDEKTSV4RRFFQ69G5FAV",
    plan: "growth",
    keyId: "key_01ARZ3NDEKTSV4RRFFQ69G5FAV",
    keyPrefix: KEY.slice(0, 14),
    expiresAt: null,
  }, 0);
  const failing = () => Promise.reject(fault);
  const deps = {
    sql: Object.assign(failing, { listen: failing }),
    bus: { send: failing, settle: failing, close: () => Promise.resolve() },
    idempotency: { claim: failing, complete: failing, release: failing },
    keyCache,
    jobCache: createJobCache(0, "https://jobs.example"),
    readiness: { current: () => ({ postgres: "unavailable", kafka: "unavailable" }) },
    log: silentLogger,
    ...appSettings(loadEdgeConfig({ PUBLIC_BASE_URL: "https://jobs.example.sa" })),
  } as unknown as EdgeDeps;
  return createApp(deps);
}

const createBody = JSON.stringify({
  title: "Engineer",
  description: "Build things",
  city: "Riyadh",
  employment_type: "part_time",
});

Deno.test("an unexpected fault answers an opaque 500 that reveals nothing internal", async () => {
  const app = appWith(new Error("relation jobs_secret does not exist at 10.0.0.5"));
  const res = await app.request("/v1/partner/jobs", {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: createBody,
  });
  assert.equal(res.status, 500);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const text = await res.text();
  assert.doesNotMatch(text, /jobs_secret|10\.0\.0\.5|relation|stack/i);
  const body = JSON.parse(text);
  assert.equal(body.code, "partner.internal_error");
  assert.equal(body.request_id, res.headers.get("x-request-id"));
  assert.match(body.messageAr, /[\u0600-\u06FF]/);
});

Deno.test("a database connection error answers 503 with Retry-After, not 500", async () => {
  const app = appWith(
    Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
  );
  const res = await app.request("/v1/partner/jobs/job_01ARZ3NDEKTSV4RRFFQ69G5FAV", {
    headers: { authorization: `Bearer ${KEY}` },
  });
  assert.equal(res.status, 503);
  assert.equal(res.headers.get("retry-after"), "5");
  assert.equal((await res.json()).code, "partner.unavailable");
});
