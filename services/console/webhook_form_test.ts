import assert from "node:assert/strict";
import {
  checkWebhookCreate,
  checkWebhookUpdate,
  errorsOf,
  readWebhookForm,
} from "./webhook_form.ts";

const publicOnly = { allowPrivateNetworks: false };

Deno.test("the form's URL and every ticked event are read; anything else is not", () => {
  assert.deepEqual(
    readWebhookForm({ url: " https://a.example.sa/h ", events: ["job.created", "job.deleted"] }),
    { url: " https://a.example.sa/h ", events: ["job.created", "job.deleted"] },
  );
  assert.deepEqual(readWebhookForm({ events: "job.matched", _csrf: "x" }), {
    url: "",
    events: ["job.matched"],
  });
  assert.deepEqual(readWebhookForm({ url: new File([], "f") }), { url: "", events: [] });
});

Deno.test("a registration is checked by the API's schema: stored normalised, events in order", () => {
  const checked = checkWebhookCreate(
    { url: " https://Hooks.Example.sa:8443/in ", events: ["job.deleted", "job.created"] },
    publicOnly,
  );
  assert.deepEqual(checked, {
    ok: true,
    fields: {
      url: "https://hooks.example.sa:8443/in",
      events: ["job.created", "job.deleted"],
      is_active: true,
    },
  });
});

Deno.test("refusals are bilingual field errors: required, https, public host, no events", () => {
  const empty = checkWebhookCreate({ url: "", events: [] }, publicOnly);
  assert.equal(empty.ok, false);
  if (empty.ok) return;
  assert.deepEqual(errorsOf(empty.errors, "url").map((e) => e.code), ["required"]);
  assert.deepEqual(errorsOf(empty.errors, "events").map((e) => e.code), ["too_few_items"]);

  const cases: [string, string][] = [
    ["http://hooks.example.sa/", "not_https"],
    ["https://user:pw@hooks.example.sa/", "url_credentials"],
    ["https://10.0.0.1/", "forbidden_host"],
    ["https://localhost/", "forbidden_host"],
    ["not a url", "invalid_format"],
  ];
  for (const [url, code] of cases) {
    const checked = checkWebhookCreate({ url, events: ["job.created"] }, publicOnly);
    assert.equal(checked.ok, false, url);
    if (checked.ok) continue;
    const [error] = errorsOf(checked.errors, "url");
    assert.equal(error?.code, code, url);
    assert.ok(error.message && error.messageAr && error.message !== error.messageAr);
  }
});

Deno.test("an event off the catalogue is the events field's error", () => {
  const checked = checkWebhookUpdate(
    { url: "https://hooks.example.sa/", events: ["job.created", "job.exploded"] },
    publicOnly,
  );
  assert.equal(checked.ok, false);
  if (checked.ok) return;
  assert.deepEqual(checked.errors.map((e) => [e.field, e.code]), [["/events", "invalid_enum"]]);
});

Deno.test("private addresses pass only where the host rule is lifted", () => {
  const values = { url: "https://127.0.0.1:9443/hook", events: ["job.created"] };
  assert.equal(checkWebhookUpdate(values, publicOnly).ok, false);
  assert.deepEqual(checkWebhookUpdate(values, { allowPrivateNetworks: true }), {
    ok: true,
    fields: { url: "https://127.0.0.1:9443/hook", events: ["job.created"] },
  });
});
