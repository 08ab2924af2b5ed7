import assert from "node:assert/strict";
import { canonicalCity, KSA_CITIES } from "./cities.ts";
import {
  arabicCityName,
  buildArabicCityIndex,
  cityFromAnyName,
  normalizeArabicCityKey,
} from "./cities_ar.ts";

// Arabic letters and single spaces between words, nothing else.
const ARABIC_NAME = /^[\u0621-\u064A]+( [\u0621-\u064A]+)*$/u;

function assertResolves(canonical: string, inputs: readonly string[]): void {
  for (const input of inputs) assert.equal(cityFromAnyName(input), canonical, input);
}

Deno.test("every canonical city has an Arabic name written in Arabic script", () => {
  const missing = KSA_CITIES.filter((city) => !ARABIC_NAME.test(arabicCityName(city)));
  assert.deepEqual(missing, []);
});

Deno.test("arabicCityName gives the display names used on government sites", () => {
  assert.equal(arabicCityName("Riyadh"), "الرياض");
  assert.equal(arabicCityName("Jeddah"), "جدة");
  assert.equal(arabicCityName("Makkah"), "مكة المكرمة");
  assert.equal(arabicCityName("Madinah"), "المدينة المنورة");
  assert.equal(arabicCityName("Al Ahsa"), "الأحساء");
  assert.equal(arabicCityName("Hail"), "حائل");
  assert.equal(arabicCityName("NEOM"), "نيوم");
});

Deno.test("arabicCityName returns a name that is not canonical unchanged", () => {
  assert.equal(arabicCityName("Dubai"), "Dubai");
  assert.equal(arabicCityName("jiddah"), "jiddah");
  assert.equal(arabicCityName("toString"), "toString");
});

Deno.test("no two cities share an Arabic display key", () => {
  const owners = new Map<string, string>();
  for (const city of KSA_CITIES) {
    const key = normalizeArabicCityKey(arabicCityName(city));
    assert.equal(owners.get(key), undefined, `${city} and ${owners.get(key)} share "${key}"`);
    owners.set(key, city);
  }
});

Deno.test("buildArabicCityIndex rejects collisions, redundant aliases and unknown cities", () => {
  // The real table is checked when cities_ar.ts loads; this proves those checks fire.
  assert.throws(
    () => buildArabicCityIndex({ Riyadh: { name: "الرياض" }, Jeddah: { name: "رياض" } }),
    /already maps to "Riyadh"/,
  );
  assert.throws(
    () => buildArabicCityIndex({ Jeddah: { name: "جدة", aliases: ["جده"] } }),
    /redundant/,
  );
  assert.throws(() => buildArabicCityIndex({ Dubai: { name: "دبي" } }), /not a canonical city/);
  assert.throws(() => buildArabicCityIndex({ Riyadh: { name: "ـ" } }), /empty key/);
  assert.equal(
    buildArabicCityIndex({ Makkah: { name: "مكة المكرمة", aliases: ["مكة"] } }).get("مكه"),
    "Makkah",
  );
});

Deno.test("every Arabic display name resolves to its city", () => {
  for (const city of KSA_CITIES) assert.equal(cityFromAnyName(arabicCityName(city)), city, city);
});

Deno.test("cityFromAnyName accepts Arabic names with and without the article", () => {
  assertResolves("Riyadh", ["الرياض", "رياض"]);
  assertResolves("Al Khobar", ["الخبر", "خبر"]);
  assertResolves("Taif", ["الطائف", "طائف"]);
  assertResolves("Hafar Al Batin", ["حفر الباطن", "حفر باطن"]);
  assertResolves("Madinah", ["المدينة المنورة", "المدينة", "مدينة"]);
});

Deno.test("cityFromAnyName forgives hamza, taa marbuta and alef maqsura variants", () => {
  assertResolves("Jeddah", ["جدة", "جده"]);
  assertResolves("Abha", ["أبها", "ابها", "إبها"]);
  assertResolves("Hail", ["حائل", "حايل"]);
  assertResolves("Al Ahsa", ["الأحساء", "الاحساء", "الاحسا", "احساء", "آلأحساء"]);
  assertResolves("Makkah", ["مكة المكرمة", "مكه المكرمه", "مكة", "مكه"]);
  assertResolves("Salwa", ["سلوى", "سلوي"]);
  assertResolves("Shaqra", ["شقراء", "شقرا"]);
  assertResolves("Umluj", ["أملج", "املج"]);
  assertResolves("Ras Tanura", ["رأس تنورة", "راس تنوره"]);
});

Deno.test("cityFromAnyName ignores tashkeel, tatweel, spaces and direction marks", () => {
  assertResolves("Riyadh", ["الرِّيَاض", "الريـــاض", "  الرياض\t", "\u200fالرياض\u200f"]);
  assertResolves("Jeddah", ["جُدَّة"]);
  assertResolves("Khamis Mushait", ["خميس   مشيط", "خَمِيس مُشَيْط"]);
});

Deno.test("cityFromAnyName resolves the Arabic aliases", () => {
  assertResolves("Al Ahsa", ["الهفوف", "هفوف", "الحسا"]);
  assertResolves("Jazan", ["جيزان"]);
  assertResolves("Abqaiq", ["بقيق", "أبقيق"]);
  assertResolves("King Abdullah Economic City", [
    "مدينة الملك عبدالله الاقتصادية",
    "مدينة الملك عبد الله الاقتصادية",
  ]);
});

Deno.test("cityFromAnyName keeps apart names that share words or letters", () => {
  assertResolves("Al Khobar", ["الخبر"]);
  assertResolves("Riyadh Al Khabra", ["رياض الخبراء"]);
  assertResolves("Dhahran", ["الظهران"]);
  assertResolves("Dhahran Al Janub", ["ظهران الجنوب"]);
  assertResolves("Baish", ["بيش"]);
  assertResolves("Bisha", ["بيشة", "بيشه"]);
  assertResolves("Qurayyat", ["القريات"]);
  assertResolves("Qaryat Al Ulya", ["قرية العليا"]);
  // ألمع is a name, not the article before مع.
  assertResolves("Rijal Almaa", ["رجال ألمع", "رجال المع"]);
  assert.equal(normalizeArabicCityKey("رجال ألمع"), "رجال المع");
});

Deno.test("cityFromAnyName resolves English names and aliases as canonicalCity does", () => {
  for (const city of KSA_CITIES) assert.equal(cityFromAnyName(city), city, city);
  assertResolves("Jeddah", ["Jiddah", "jedda", "  JEDDAH "]);
  assertResolves("Al Ahsa", ["Hofuf", "Al-Hasa"]);
  assertResolves("Al Khobar", ["AlKhobar", "Khobar"]);
  assertResolves("King Abdullah Economic City", ["KAEC"]);
});

Deno.test("cityFromAnyName rejects junk, empty, overlong and foreign cities", () => {
  const rejected = [
    "",
    "   ",
    "ال",
    "ـ",
    "؟",
    "رياضيات",
    "دبي",
    "القاهرة",
    "Dubai",
    "الرياض Riyadh",
    `الرياض${" ".repeat(100)}`,
    "ا".repeat(10_000),
  ];
  for (const input of rejected) {
    assert.equal(cityFromAnyName(input), undefined, JSON.stringify(input.slice(0, 20)));
  }
  assert.equal(cityFromAnyName(42 as unknown as string), undefined);
  assert.equal(cityFromAnyName(null as unknown as string), undefined);
});

Deno.test("canonicalCity still refuses Arabic names: the partner API takes English", () => {
  for (const input of ["الرياض", "جدة", "مكة", "الأحساء", "حائل"]) {
    assert.equal(canonicalCity(input), undefined, input);
  }
});
