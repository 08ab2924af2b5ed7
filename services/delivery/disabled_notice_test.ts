import assert from "node:assert/strict";
import { loadDeliveryConfig } from "./config.ts";
import { disabledNotice, type DisabledNoticeInput } from "./disabled_notice.ts";

const input: DisabledNoticeInput = {
  partnerName: "Acme Staffing",
  webhookId: "wh_01JD6Z1V7Y3K0M9Q2R4T6W8XAB",
  url: "https://hooks.acme.example.sa/hire",
  reason: "5 consecutive failed deliveries; the last: HTTP 500",
  failures: 5,
  disabledAt: new Date("2026-11-20T10:15:30.123Z"),
  lastEventId: "evt_01JD6Z0000000000000000000",
  consoleBaseUrl: "https://console.hire.example.sa",
};

const PAGE = `https://console.hire.example.sa/webhooks/${input.webhookId}`;

Deno.test("disabledNotice has a bilingual subject naming the webhook", () => {
  assert.equal(
    disabledNotice(input).subject,
    "Webhook disabled: wh_01JD6Z1V7Y3K0M9Q2R4T6W8XAB | تم إيقاف الويب هوك",
  );
});

Deno.test("disabledNotice text has the English section, then the Arabic one, with every fact", () => {
  const { text } = disabledNotice(input);
  const english = text.indexOf("We disabled your webhook");
  const arabic = text.indexOf("أوقفنا الويب هوك");
  assert.ok(english >= 0 && arabic > english, text);
  for (const part of [text.slice(0, arabic), text.slice(arabic)]) {
    assert.ok(part.includes(input.webhookId));
    assert.ok(part.includes(input.url));
    assert.ok(part.includes("2026-11-20T10:15:30Z (UTC)"));
    assert.ok(part.includes(input.reason), "the technical reason, verbatim");
    assert.ok(part.includes(input.lastEventId));
    assert.ok(part.includes(`PATCH /v1/partner/webhooks/${input.webhookId}\n`));
    assert.ok(part.includes('{"is_active": true}'));
    assert.ok(part.includes(`GET /v1/partner/webhooks/${input.webhookId}/deliveries`));
    assert.ok(
      part.includes(
        `POST /v1/partner/webhooks/${input.webhookId}/deliveries/<delivery_id>/redeliver`,
      ),
    );
    assert.ok(part.includes('"cancelled"'), "pending retries were stopped");
    assert.ok(part.includes(`\n    ${PAGE}\n`), "the webhook's page in the console");
  }
  assert.ok(text.includes("after 5 consecutive failed deliveries"));
  assert.ok(text.includes("بعد ٥ عمليات تسليم فاشلة متتالية"));
});

Deno.test("disabledNotice counts failures in Arabic with the noun agreeing with the number", () => {
  const arabic = (failures: number) => disabledNotice({ ...input, failures }).text;
  assert.ok(arabic(1).includes("بعد عملية تسليم واحدة فاشلة"));
  assert.ok(arabic(2).includes("بعد عمليتي تسليم فاشلتين متتاليتين"));
  assert.ok(arabic(10).includes("بعد ١٠ عمليات تسليم فاشلة متتالية"));
  assert.ok(arabic(11).includes("بعد ١١ عملية تسليم فاشلة متتالية"));
  assert.ok(arabic(1000).includes("بعد ١٠٠٠ عملية تسليم فاشلة متتالية"));
});

Deno.test("disabledNotice html marks the Arabic section right-to-left after the English one", () => {
  const { html } = disabledNotice(input);
  const english = html.indexOf('<div dir="ltr" lang="en">');
  const arabic = html.indexOf('<div dir="rtl" lang="ar">');
  assert.ok(english >= 0 && arabic > english, html);
  assert.ok(html.slice(arabic).includes(`<code dir="ltr">${input.webhookId}</code>`));
  assert.ok(html.includes("2026-11-20T10:15:30Z (UTC)"));
  assert.ok(html.includes("{&quot;is_active&quot;: true}"));
  assert.ok(html.includes("/deliveries/&lt;delivery_id&gt;/redeliver"));
  // One link per language, to the webhook's page in the console.
  assert.equal(html.split(`<a href="${PAGE}">${PAGE}</a>`).length, 3, html);
});

Deno.test("disabledNotice links to the webhook's page of the configured console", () => {
  const { CONSOLE_BASE_URL } = loadDeliveryConfig({});
  assert.equal(CONSOLE_BASE_URL, "http://localhost:8082");
  const configured = loadDeliveryConfig({ CONSOLE_BASE_URL: "https://console.example.sa/" });
  const { text } = disabledNotice({ ...input, consoleBaseUrl: configured.CONSOLE_BASE_URL });
  assert.ok(text.includes(`https://console.example.sa/webhooks/${input.webhookId}\n`), text);
});

Deno.test("disabledNotice escapes the URL, reason and partner name in html, not in text", () => {
  const hostile = {
    ...input,
    partnerName: `Tom & "Jerry" <b>`,
    url: "https://x.example.sa/hook?a=1&b=<script>alert('x')</script>",
    reason: "HTTP 500: <html>boom</html> & more",
  };
  const { html, text } = disabledNotice(hostile);
  assert.ok(!html.includes("<script>"), html);
  assert.ok(!html.includes("<b>") && !html.includes("<html>boom"), html);
  assert.ok(
    html.includes(
      "https://x.example.sa/hook?a=1&amp;b=&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;",
    ),
  );
  assert.ok(html.includes("HTTP 500: &lt;html&gt;boom&lt;/html&gt; &amp; more"));
  assert.ok(html.includes("Tom &amp; &quot;Jerry&quot; &lt;b&gt;"));
  assert.ok(text.includes(hostile.url) && text.includes(hostile.reason));
});

Deno.test("disabledNotice is a pure function of its input", () => {
  assert.deepEqual(disabledNotice(input), disabledNotice({ ...input }));
});
