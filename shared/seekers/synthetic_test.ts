import assert from "node:assert/strict";
import { isId } from "@hire/ids";
import { canonicalCity, EMPLOYMENT_TYPES, KSA_CITIES } from "@hire/jobs";
import { SEEKER_CITIES } from "./city_weights.ts";
import { seekerSchema } from "./contract.ts";
import { occupationByKey, OCCUPATIONS } from "./occupations.ts";
import { generateLabelledSeekers, generateSeekers, syntheticSeekers } from "./synthetic.ts";

const ARABIC = /\p{Script=Arabic}/u;
const LATIN = /\p{Script=Latin}/u;
const thousand = generateLabelledSeekers(1000, 1);

Deno.test("generateSeekers is deterministic for a seed, ids and dates included", () => {
  assert.deepEqual(generateSeekers(200, 42), generateSeekers(200, 42));
});

Deno.test("generateSeekers gives different seekers for different seeds", () => {
  const a = generateSeekers(100, 1);
  const b = generateSeekers(100, 2);
  assert.notDeepEqual(a.map((s) => s.headline), b.map((s) => s.headline));
  const ids = new Set(a.map((s) => s.id));
  assert.equal(b.filter((s) => ids.has(s.id)).length, 0);
});

Deno.test("a shorter run is a prefix of a longer one, and the stream yields the same", () => {
  const long = generateSeekers(50, 7);
  assert.deepEqual(generateSeekers(20, 7), long.slice(0, 20));
  const stream = syntheticSeekers(7);
  assert.deepEqual(long.map(() => stream.next().value.seeker), long);
  assert.deepEqual(generateSeekers(0, 7), []);
  assert.throws(() => generateSeekers(-1, 7), RangeError);
});

Deno.test("every generated seeker passes seekerSchema already in its canonical form", () => {
  for (const { seeker } of thousand) assert.deepEqual(seekerSchema.parse(seeker), seeker);
  const ids = thousand.map((l) => l.seeker.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.every((id) => isId("seek", id)));
});

Deno.test("between 30% and 50% of 1000 seekers write in Arabic, and the rest in English", () => {
  const arabic = thousand.filter((l) => l.language === "ar");
  const share = arabic.length / thousand.length;
  assert.ok(share >= 0.3 && share <= 0.5, `Arabic share ${share}`);
  for (const { seeker, language } of thousand) {
    const texts = [seeker.headline, seeker.summary, ...seeker.skills];
    if (language === "ar") {
      // No Latin letters at all: Arabic profiles name the city in Arabic too.
      assert.ok(texts.every((t) => ARABIC.test(t) && !LATIN.test(t)), seeker.headline);
    } else {
      assert.ok(texts.every((t) => !ARABIC.test(t)), seeker.headline);
    }
  }
});

Deno.test("generated cities are canonical Saudi cities, weighted towards the large ones", () => {
  for (const { city } of SEEKER_CITIES) {
    assert.equal(canonicalCity(city), city);
    assert.ok(KSA_CITIES.includes(city), city);
  }
  const counts = new Map<string, number>();
  for (const { seeker } of thousand) {
    assert.equal(canonicalCity(seeker.city), seeker.city);
    counts.set(seeker.city, (counts.get(seeker.city) ?? 0) + 1);
  }
  const riyadh = counts.get("Riyadh") ?? 0;
  assert.ok(riyadh > (counts.get("Jeddah") ?? 0), "Riyadh is the largest");
  assert.ok(riyadh > (counts.get("Al Bahah") ?? 0) * 10, "Al Bahah is small");
});

Deno.test("salaries lie within the occupation's range and employment types fit it", () => {
  let stated = 0;
  for (const { seeker, occupation, years } of thousand) {
    const o = occupationByKey(occupation)!;
    const salary = seeker.salary_expectation;
    if (salary !== null) {
      stated++;
      assert.ok(salary >= o.salary[0] && salary <= o.salary[1], `${occupation}: ${salary}`);
    }
    assert.ok(seeker.employment_types.every((t) => o.employmentTypes.includes(t)), occupation);
    if (years > 1) assert.ok(!seeker.employment_types.includes("internship"));
  }
  assert.ok(stated > 700 && stated < 1000, `${stated} of 1000 state a salary`);
});

Deno.test("every occupation is drawn, and years of experience vary", () => {
  assert.equal(new Set(thousand.map((l) => l.occupation)).size, OCCUPATIONS.length);
  const years = new Set(thousand.map((l) => l.years));
  assert.ok(years.has(0) && years.size >= 15, `${years.size} distinct years`);
});

Deno.test("the occupation catalogue has about 25 complete bilingual entries", () => {
  assert.ok(OCCUPATIONS.length >= 25, `${OCCUPATIONS.length} occupations`);
  assert.equal(new Set(OCCUPATIONS.map((o) => o.key)).size, OCCUPATIONS.length);
  for (const o of OCCUPATIONS) {
    assert.equal(occupationByKey(o.key), o);
    const [min, max] = o.salary;
    assert.ok(Number.isInteger(min) && min > 0 && min < max, o.key);
    assert.ok(o.employmentTypes.length > 0, o.key);
    assert.ok(o.employmentTypes.every((t) => EMPLOYMENT_TYPES.includes(t)), o.key);
    for (const [lang, script] of [["en", LATIN], ["ar", ARABIC]] as const) {
      const text = o[lang];
      assert.ok(text.skills.length >= 5 && text.duties.length === 3, `${o.key} ${lang}`);
      const all = [text.title, text.field, ...text.skills, ...text.duties];
      assert.ok(all.every((t) => script.test(t)), `${o.key} ${lang}`);
      assert.ok(all.every((t) => t === t.trim() && t.length <= 100), `${o.key} ${lang}`);
    }
    assert.ok(ARABIC.test(o.ar.titleF), o.key);
  }
});
