/** The event catalogue: the four event types, their example bodies as the API documents them. */
import assert from "node:assert/strict";
import { EVENT_TYPES } from "@hire/jobs";
import { startTestConsole } from "@hire/testing/console_app.ts";
import { attrOf, type Element, elements, first, parseHtml, textOf } from "@hire/testing/html.ts";
import { parse } from "yaml";
import { eventDescriptions, eventsText, eventWhen, exampleCaptions } from "../text/events.ts";

const tc = await startTestConsole();
Deno.test.afterAll(() => tc.stop());

interface DocumentedExample {
  name: string;
  payload: Record<string, unknown>;
}

// The document the edge serves at /v1/asyncapi.yaml: the examples are the API's, not ours.
const asyncApi = parse(
  await Deno.readTextFile(new URL("../../../docs/asyncapi.yaml", import.meta.url)),
) as { components: { messages: Record<string, { name: string; examples?: DocumentedExample[] }> } };
const documented = (type: string) =>
  Object.values(asyncApi.components.messages).find((m) => m.name === type)?.examples ?? [];

// The text of a <pre> as written: textOf folds whitespace, which could change a string value.
const preText = (pre: Element): string =>
  pre.childNodes.map((n) =>
    "value" in n && n.nodeName === "#text" ? String(n.value) : preText(n as Element)
  ).join("");

const sectionOf = (doc: Element, type: string) =>
  elements(doc, "section").find((s) => attrOf(s, "id") === type);

Deno.test("the catalogue shows the four event types with the API document's examples, in English and Arabic", async () => {
  const p = await tc.partner();
  for (const lang of ["en", "ar"] as const) {
    const res = await tc.get(`/events?lang=${lang}`, p.viewer);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const doc = parseHtml(await res.text());
    assert.equal(attrOf(first(doc, "html"), "lang"), lang);
    assert.equal(textOf(first(doc, "h1")), eventsText[lang].title);
    const typed = elements(doc, "section").filter((s) =>
      attrOf(s, "class")?.includes("event-type")
    );
    assert.deepEqual(typed.map((s) => attrOf(s, "id")), [...EVENT_TYPES]);

    for (const type of EVENT_TYPES) {
      const section = sectionOf(doc, type)!;
      assert.equal(textOf(first(section, "h2")), type);
      const text = textOf(section);
      assert.ok(text.includes(eventDescriptions[lang][type]), `${lang} ${type} description`);
      assert.ok(text.includes(eventWhen[lang][type].replaceAll("`", "")), `${lang} ${type} when`);

      const figures = elements(section, "figure");
      const expected = documented(type);
      assert.ok(expected.length > 0, `the API document has an example of ${type}`);
      assert.deepEqual(figures.map((f) => attrOf(f, "data-example")), expected.map((e) => e.name));
      figures.forEach((figure, i) => {
        const pre = first(figure, "pre");
        assert.equal(attrOf(pre, "dir"), "ltr");
        const shown = JSON.parse(preText(pre));
        // A webhook receives the envelope without the topic's partner_id.
        const { partner_id: _, ...envelope } = expected[i]!.payload;
        assert.deepEqual(shown, envelope);
        assert.deepEqual(Object.keys(shown), ["id", "type", "created_at", "data"]);
        assert.equal(shown.type, type);
        const caption = (exampleCaptions[lang] as Record<string, string>)[expected[i]!.name];
        assert.equal(textOf(first(figure, "figcaption")), caption);
      });
    }
  }
});

Deno.test("the catalogue explains the signature and links to the API reference", async () => {
  const p = await tc.partner();
  const doc = parseHtml(await (await tc.get("/events?lang=en", p.developer)).text());
  const signing = sectionOf(doc, "signing")!;
  assert.equal(textOf(first(signing, "h2")), eventsText.en.signingTitle);
  const headers = elements(signing, "tbody").flatMap((b) => elements(b, "th")).map(textOf);
  assert.deepEqual(headers, [
    "X-Service-Signature",
    "X-Service-Timestamp",
    "X-Service-Delivery-Id",
    "X-Service-Event",
  ]);
  assert.ok(textOf(signing).includes("HMAC-SHA256"));
  assert.ok(textOf(signing).includes("t=<timestamp>,v1=<signature>"));
  assert.ok(textOf(signing).includes("within 5 minutes"));
  assert.ok(textOf(signing).includes("For 24 hours"));
  const hrefs = elements(doc, "a").map((a) => attrOf(a, "href"));
  assert.ok(hrefs.includes(`${tc.deps.apiBaseUrl}/docs`));
  assert.ok(hrefs.includes(`${tc.deps.apiBaseUrl}/v1/openapi.json`));
  for (const type of EVENT_TYPES) assert.ok(hrefs.includes(`#${type}`));
});

Deno.test("every example the API document declares has a caption in both languages", () => {
  const names = EVENT_TYPES.flatMap((type) => documented(type).map((e) => e.name)).sort();
  assert.deepEqual(Object.keys(exampleCaptions.en).sort(), names);
  assert.deepEqual(Object.keys(exampleCaptions.ar).sort(), names);
});

Deno.test("every role may read the catalogue; signed out, it asks to sign in", async () => {
  const p = await tc.partner();
  for (const user of [p.viewer, p.developer, p.admin]) {
    assert.equal((await tc.get("/events", user)).status, 200);
  }
  const res = await tc.get("/events");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/sign-in?next=%2Fevents");
});
