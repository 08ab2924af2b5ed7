import assert from "node:assert/strict";
import { crossSiteReason } from "./csrf.ts";

const ORIGIN = "https://console.example.sa";

Deno.test("crossSiteReason lets the console's own forms through", () => {
  assert.equal(crossSiteReason({ secFetchSite: "same-origin", origin: ORIGIN }, ORIGIN), undefined);
  assert.equal(crossSiteReason({ origin: ORIGIN }, ORIGIN), undefined);
  assert.equal(crossSiteReason({ referer: `${ORIGIN}/keys?lang=ar` }, ORIGIN), undefined);
  // A same-origin post from a page with `Referrer-Policy: no-referrer` says `Origin: null`.
  assert.equal(crossSiteReason({ secFetchSite: "same-origin", origin: "null" }, ORIGIN), undefined);
});

Deno.test("crossSiteReason refuses another site, a sibling, and a request that says nothing", () => {
  const refused = [
    { secFetchSite: "cross-site", origin: "https://evil.example" },
    { secFetchSite: "same-site", origin: "https://jobs.example.sa" },
    { origin: "https://evil.example" },
    { origin: "null" },
    { referer: "https://evil.example/page" },
    { referer: "not a url" },
    {},
    // The console's host over another scheme or port is another origin.
    { origin: "http://console.example.sa" },
    { origin: "https://console.example.sa:8443" },
  ];
  for (const headers of refused) {
    assert.ok(crossSiteReason(headers, ORIGIN), JSON.stringify(headers));
  }
});
