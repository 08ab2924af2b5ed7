/**
 * The partner console in a real browser (Debian's Chromium) on the real stack, as a partner's
 * engineer uses it: a sign-in link read from the e-mail the SMTP server received, keys created
 * and rolled and called with through the API, a webhook registered against the tests' HTTPS
 * receiver, a test event seen arriving, a failing endpoint's deliveries watched and resent, a
 * disabled webhook re-enabled, Arabic right to left, and sign-out. Screenshots are kept in
 * `.local/test-output/screenshots/`.
 *
 * `UPDATE_DOCS_SCREENSHOTS=1 deno task test tests/console_browser_test.ts` also rewrites
 * `docs/console-webhook-en.png` and `docs/console-keys-ar.png`; CI never sets it.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  directionOf,
  launchBrowser,
  type PageProblems,
  screenshotDir,
  watchPage,
} from "@hire/testing/browser.ts";
import { startReceiver } from "@hire/testing/receiver.ts";
import { startSmtpSink } from "@hire/testing/smtp_sink.ts";
import { jobBody, startStack, type TestPartner } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";

const smtp = await startSmtpSink();
const receiver = await startReceiver();
const stack = await startStack({
  delivery: { smtpUrl: smtp.url, env: { WEBHOOK_RETRY_SCHEDULE: "1s,2s" } },
  console: { smtpUrl: smtp.url },
  roles: true,
});
const browser = await launchBrowser();
Deno.test.afterAll(async () => {
  await browser.close();
  await stack.stop();
  await receiver.stop();
  await smtp.stop();
});

const consoleUrl = stack.consoleUrl!;
const noProblems: PageProblems = { dialogs: [], cspViolations: [], pageErrors: [] };
const docs = Deno.env.get("UPDATE_DOCS_SCREENSHOTS") === "1";
const dir = await screenshotDir();

/** Signs `email` in through the e-mailed link, as a person would; leaves the page at `/`. */
async function signIn(page: Page, email: string): Promise<void> {
  const before = smtp.messages().length;
  await page.goto(consoleUrl);
  assert.match(page.url(), /\/sign-in\?next=/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();
  const mails = await smtp.waitFor(before + 1, 10_000);
  const mail = mails.slice(before).find((m) => m.to.includes(email))!;
  const link = mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/sign-in\/link\?\S+/)?.[0];
  assert.ok(link, mail.text);
  await page.goto(link);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(`${consoleUrl}/`);
}

async function apiStatus(key: string): Promise<number> {
  const res = await fetch(`${stack.baseUrl}/v1/partner/jobs?limit=1`, {
    headers: { authorization: `Bearer ${key}` },
  });
  await res.body?.cancel();
  return res.status;
}

let partner: TestPartner;

Deno.test("an admin signs in by e-mail link, creates and rolls a key, and the API takes both", async () => {
  partner = await stack.partner();
  await browser.inContext(async (page) => {
    const watch = await watchPage(page);
    await signIn(page, partner.adminEmail);
    await page.getByRole("navigation").getByRole("link", { name: "API keys" }).click();
    await page.getByLabel("Name").fill("Production server");
    await page.getByRole("button", { name: "Create key" }).click();
    const first = await page.locator("input.secret").inputValue();
    assert.match(first, /^hk_live_/);
    assert.equal(await apiStatus(first), 200);

    await page.goto(`${consoleUrl}/keys`);
    const row = page.getByRole("row").filter({ hasText: "Production server" });
    await row.getByRole("link", { name: "Roll" }).click();
    await page.getByLabel("In 1 hour").check();
    await page.getByRole("button", { name: /Roll/ }).click();
    const second = await page.locator("input.secret").inputValue();
    assert.notEqual(second, first);
    assert.deepEqual([await apiStatus(first), await apiStatus(second)], [200, 200]);
    await page.goto(`${consoleUrl}/keys`);
    await page.screenshot({ path: `${dir}console-keys-en.png`, fullPage: true });
    assert.deepEqual(await watch.problems(), noProblems);
  });
});

Deno.test("a webhook registered in the console gets a signed test event, and a failing one is resent and re-enabled", async () => {
  await browser.inContext(async (page) => {
    const watch = await watchPage(page);
    await signIn(page, partner.adminEmail);
    await page.getByRole("navigation").getByRole("link", { name: "Webhooks" }).click();
    await page.getByLabel("Endpoint URL").fill(receiver.url("/hooks/ok"));
    await page.getByRole("button", { name: "Register webhook" }).click();
    const secret = await page.locator("input.secret").inputValue();
    assert.match(secret, /^whsec_/);
    await page.getByRole("link", { name: "Go to the webhook" }).click();

    // A test event: it arrives, signed, and its page shows the answer.
    await page.getByLabel("Event type").selectOption("job.matched");
    await page.getByRole("button", { name: "Send test event" }).click();
    const [hit] = await receiver.waitFor(1, { path: "/hooks/ok" });
    assert.match(hit!.headers.get("x-service-signature") ?? "", /v1=/);
    assert.equal(JSON.parse(hit!.body).type, "job.matched");
    await page.getByText("200", { exact: true }).first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${dir}console-test-event-en.png`, fullPage: true });

    // A failing endpoint: a job's change (job.updated, which the job service announces in this
    // stack without the pipeline) fails there; resend it from the deliveries page.
    receiver.on("/hooks/down", () => new Response("down for maintenance", { status: 503 }));
    await page.goto(`${consoleUrl}/webhooks`);
    await page.getByLabel("Endpoint URL").fill(receiver.url("/hooks/down"));
    await page.getByRole("button", { name: "Register webhook" }).click();
    await page.getByRole("link", { name: "Go to the webhook" }).click();
    const webhookUrl = page.url();
    const created = await partner.call("POST", "/v1/partner/jobs", jobBody());
    assert.equal(created.status, 201);
    const patched = await partner.call("PATCH", `/v1/partner/jobs/${created.body.id}`, {
      title: "Senior ICU Nurse",
    });
    assert.equal(patched.status, 200);
    await receiver.waitFor(1, { path: "/hooks/down" });
    await page.getByRole("link", { name: "Deliveries" }).click();
    await waitUntil("the failed attempt in the deliveries table", async () => {
      await page.reload();
      return (await page.getByRole("cell", { name: "503" }).count()) > 0 ? true : undefined;
    }, { timeoutMs: 15_000, intervalMs: 500 });
    await page.screenshot({ path: `${dir}console-deliveries-en.png`, fullPage: true });
    const seen = receiver.requests("/hooks/down").length;
    await page.getByRole("button", { name: "Resend" }).first().click();
    await receiver.waitFor(seen + 1, { path: "/hooks/down" });

    // Disabled by the service: the page says why, and Re-enable brings it back.
    const id = new URL(webhookUrl).pathname.split("/").at(-1)!;
    await stack.sql`UPDATE webhooks SET is_active = false, disabled_at = now(),
      disabled_reason = '6 consecutive failed deliveries; last: HTTP 503' WHERE id = ${id}`;
    await page.goto(webhookUrl);
    await page.getByText("6 consecutive failed deliveries; last: HTTP 503").waitFor();
    await page.getByRole("button", { name: "Re-enable" }).click();
    await page.getByText("Webhook re-enabled: sending resumes now.").waitFor();
    const [row] = await stack.sql`SELECT is_active, disabled_at FROM webhooks WHERE id = ${id}`;
    assert.deepEqual({ ...row }, { is_active: true, disabled_at: null });
    await page.goto(webhookUrl);
    await page.screenshot({ path: `${dir}console-webhook-en.png`, fullPage: true });
    if (docs) {
      await page.screenshot({
        path: new URL("../docs/console-webhook-en.png", import.meta.url).pathname,
      });
    }
    assert.deepEqual(await watch.problems(), noProblems);
  });
});

Deno.test("the console switches to Arabic, right to left, remembers it, and signs out", async () => {
  await browser.inContext(async (page) => {
    const watch = await watchPage(page);
    await signIn(page, partner.adminEmail);
    await page.getByRole("link", { name: "العربية" }).click();
    assert.equal(await directionOf(page), "rtl");
    assert.equal(await page.getAttribute("html", "lang"), "ar");
    await page.getByRole("navigation").getByRole("link", { name: "مفاتيح API" }).click();
    // Remembered: a page opened without ?lang is Arabic too.
    await page.goto(`${consoleUrl}/keys`);
    assert.equal(await directionOf(page), "rtl");
    await page.screenshot({ path: `${dir}console-keys-ar.png`, fullPage: true });
    if (docs) {
      await page.screenshot({
        path: new URL("../docs/console-keys-ar.png", import.meta.url).pathname,
      });
    }
    await page.getByRole("button", { name: "تسجيل الخروج" }).click();
    await page.waitForURL(/\/sign-in/);
    await page.goto(`${consoleUrl}/keys`);
    assert.match(page.url(), /\/sign-in\?next=/, "the session ended");
    assert.deepEqual(await watch.problems(), noProblems);
  });
});
