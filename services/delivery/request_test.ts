import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { generateWebhookSecret, verifyWebhook } from "@hire/webhooks";
import { buildRequest, USER_AGENT } from "./request.ts";

Deno.test("the request carries the spec's headers, signed at the given time", async () => {
  const secret = generateWebhookSecret();
  const body = JSON.stringify({ id: "evt_1", type: "job.deleted", created_at: "x", data: {} });
  const now = new Date("2026-11-22T10:00:00.750Z");
  const req = await buildRequest({
    url: "https://hooks.example/x",
    body,
    eventType: "job.deleted",
    deliveryId: "dlv_1",
    secrets: [secret],
    now,
  });
  assert.equal(req.url, "https://hooks.example/x");
  assert.equal(req.body, body);
  const t = String(Math.floor(now.getTime() / 1000));
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  assert.deepEqual(req.headers, {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    "X-Service-Event": "job.deleted",
    "X-Service-Delivery-Id": "dlv_1",
    "X-Service-Signature": `t=${t},v1=${expected}`,
    "X-Service-Timestamp": t,
  });
  assert.match(USER_AGENT, /^HirePlatform-Webhooks\/\d+\.\d+\.\d+ /);
  const verdict = await verifyWebhook({
    secret,
    body,
    signatureHeader: req.headers["X-Service-Signature"],
    timestampHeader: t,
    now,
  });
  assert.equal(verdict.ok, true);
});

Deno.test("during a rotation both secrets sign, the new one first", async () => {
  const [fresh, old] = [generateWebhookSecret(), generateWebhookSecret()];
  const req = await buildRequest({
    url: "https://hooks.example/x",
    body: "{}",
    eventType: "job.created",
    deliveryId: "dlv_2",
    secrets: [fresh, old],
    now: new Date(),
  });
  const t = req.headers["X-Service-Timestamp"];
  const sig = (s: string) => createHmac("sha256", s).update(`${t}.{}`).digest("hex");
  assert.equal(req.headers["X-Service-Signature"], `t=${t},v1=${sig(fresh)},v1=${sig(old)}`);
});
