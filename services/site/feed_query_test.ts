import assert from "node:assert/strict";
import { encodeCursor, newId } from "@hire/ids";
import { feedHref, MAX_QUERY_CHARS, parseFeedQuery } from "./feed_query.ts";

Deno.test("parseFeedQuery: no parameters, or empty ones, mean the whole feed", () => {
  assert.deepEqual(parseFeedQuery({}), { ok: true, filter: {} });
  assert.deepEqual(
    parseFeedQuery({ q: " ", city: "", employment_type: "", cursor: "", lang: "ar" }),
    { ok: true, filter: {} },
  );
});

Deno.test("parseFeedQuery resolves a city written in English or Arabic, under any name", () => {
  for (const city of ["Jeddah", "jiddah", "جدة", "جده", "  جدة "]) {
    const r = parseFeedQuery({ city });
    assert.deepEqual(r, { ok: true, filter: { city: "Jeddah" } }, city);
  }
  assert.deepEqual(parseFeedQuery({ city: "الرياض" }), { ok: true, filter: { city: "Riyadh" } });
});

Deno.test("parseFeedQuery names every problem at once", () => {
  const r = parseFeedQuery({
    city: "Atlantis",
    employment_type: "forever",
    q: "x".repeat(MAX_QUERY_CHARS + 1),
    cursor: "not-a-cursor",
  });
  assert.equal(r.ok, false);
  assert.deepEqual(
    r.ok ? [] : [...r.problems].sort(),
    ["invalidCity", "invalidCursor", "invalidQuery", "invalidType"],
  );
});

Deno.test("parseFeedQuery reads a search, an employment type and a cursor", () => {
  const position = { createdAt: new Date("2026-11-24T10:00:00.123Z"), id: newId("job") };
  const r = parseFeedQuery({
    q: " ممرضة ICU ",
    employment_type: "part_time",
    cursor: encodeCursor(position),
  });
  assert.deepEqual(r, {
    ok: true,
    filter: { q: "ممرضة ICU", employmentType: "part_time", after: position },
  });
});

Deno.test("parseFeedQuery refuses a cursor of another kind of list", () => {
  const r = parseFeedQuery({ cursor: encodeCursor({ createdAt: new Date(), id: newId("wh") }) });
  assert.deepEqual(r, { ok: false, problems: ["invalidCursor"] });
});

Deno.test("feedHref keeps the filters and the language, and round-trips through parseFeedQuery", () => {
  const filter = { q: "nurse & doctor", city: "Al Khobar", employmentType: "contract" as const };
  const href = feedHref(filter, { lang: "ar", cursor: "abc" });
  const url = new URL(href, "http://x");
  assert.equal(url.pathname, "/jobs");
  assert.equal(url.searchParams.get("lang"), "ar");
  assert.equal(url.searchParams.get("cursor"), "abc");
  const params = Object.fromEntries(url.searchParams);
  delete params.cursor;
  assert.deepEqual(parseFeedQuery(params), { ok: true, filter });
});
