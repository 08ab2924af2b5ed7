import assert from "node:assert/strict";
import { ERRORS } from "@hire/errors";
import { errorCatalogue } from "./error_catalogue.ts";
import {
  type AssetName,
  errorCataloguePage,
  readAsset,
  REFERENCE_ASSETS,
  referencePage,
} from "./pages.ts";

Deno.test("referencePage loads the document and only the assets the edge serves", () => {
  const page = referencePage();
  assert.match(page, /url: "\/v1\/openapi\.json"/);
  const loaded = [...page.matchAll(/(?:src|href)="\/docs\/([^"]+)"/g)].map((m) => m[1]!);
  assert.deepEqual(loaded.sort(), Object.keys(REFERENCE_ASSETS).sort());
  // Nothing is fetched from elsewhere.
  assert.doesNotMatch(page, /(?:src|href)="https?:/);
});

Deno.test("readAsset reads each asset from the installed package", async () => {
  for (const name of Object.keys(REFERENCE_ASSETS) as AssetName[]) {
    assert.ok((await readAsset(name)).length > 100_000, name);
  }
});

Deno.test("errorCataloguePage anchors a row per code and escapes the messages", () => {
  const page = errorCataloguePage([{
    code: "partner.unauthorized",
    status: 401,
    title: "Unauthorized",
    message: "Send 'Bearer <API_KEY>' & retry.",
    messageAr: "أرسل <المفتاح>",
  }]);
  assert.match(page, /<tr id="partner\.unauthorized"><td>401<\/td>/);
  assert.ok(page.includes("Send 'Bearer &lt;API_KEY&gt;' &amp; retry."));
  assert.ok(page.includes('<td lang="ar" dir="rtl">أرسل &lt;المفتاح&gt;</td>'));
});

Deno.test("errorCatalogue lists every code once, by status", () => {
  const entries = errorCatalogue();
  assert.deepEqual(new Set(entries.map((e) => e.code)), new Set(Object.keys(ERRORS)));
  assert.equal(entries.length, Object.keys(ERRORS).length);
  const statuses = entries.map((e) => e.status);
  assert.deepEqual(statuses, [...statuses].sort((a, b) => a - b));
});
