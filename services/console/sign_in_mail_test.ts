import assert from "node:assert/strict";
import { invitationMail, signInMail } from "./sign_in_mail.ts";

Deno.test("signInMail carries the link in both languages and parts, to the one address", () => {
  const link = "https://console.example.sa/sign-in/link?token=abc";
  const mail = signInMail({ to: "sara@acme.sa", link, ttlMinutes: 15 });
  assert.deepEqual(mail.to, ["sara@acme.sa"]);
  assert.equal(mail.text.split(link).length - 1, 2);
  assert.match(mail.text, /[\u0600-\u06FF]/);
  assert.match(mail.text, /15 minutes/);
  assert.match(mail.html!, /dir="rtl"/);
  assert.ok(mail.html!.includes(`href="${link}"`));
});

Deno.test("invitationMail escapes partner-written names in its HTML", () => {
  const mail = invitationMail({
    to: "x@acme.sa",
    partnerName: `<img src=x onerror="alert(1)">`,
    invitedBy: "admin@acme.sa",
    signInUrl: "https://console.example.sa/sign-in",
  });
  assert.equal(mail.html!.includes("<img"), false);
  assert.ok(mail.html!.includes("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"));
});
