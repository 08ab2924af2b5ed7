import assert from "node:assert/strict";
import { buildCityIndex, canonicalCity, KSA_CITIES, normalizeCityKey } from "./cities.ts";

function assertAliases(canonical: string, aliases: readonly string[]): void {
  for (const alias of aliases) assert.equal(canonicalCity(alias), canonical, alias);
}

Deno.test("canonicalCity maps Jiddah, Jedda and Jidda to Jeddah", () => {
  assertAliases("Jeddah", ["Jiddah", "Jedda", "Jidda", "Jeddah"]);
});

Deno.test("canonicalCity maps the required transliterations to their canonical city", () => {
  assertAliases("Makkah", ["Mecca", "Makkah Al Mukarramah", "Makka"]);
  assertAliases("Madinah", ["Medina", "Madina", "Al Madinah", "Madinah Al Munawwarah"]);
  assertAliases("Al Khobar", ["Khobar", "Al-Khobar"]);
  assertAliases("Riyadh", ["Ar Riyad", "Riyad", "Er Riyadh"]);
  assertAliases("Dammam", ["Ad Dammam"]);
  assertAliases("Al Jubail", ["Jubail", "Al-Jubail"]);
  assertAliases("Al Ahsa", ["Hofuf", "Al Hofuf", "Hufuf", "Al-Hasa", "Al Hasa", "Ahsa"]);
  assertAliases("Buraidah", ["Buraydah", "Buraida"]);
  assertAliases("Hail", ["Ha'il", "Hayil"]);
  assertAliases("Jazan", ["Jizan", "Gizan"]);
  assertAliases("Al Qatif", ["Qatif"]);
  assertAliases("Taif", ["Taef", "At Taif"]);
  assertAliases("Tabuk", ["Tabouk"]);
  assertAliases("Yanbu", ["Yenbo", "Yanbu al Bahr"]);
  assertAliases("Khamis Mushait", ["Khamis Mushayt"]);
  assertAliases("Unaizah", ["Unayzah", "Onaizah"]);
  assertAliases("Hafar Al Batin", ["Hafr Al-Batin"]);
  assertAliases("AlUla", ["Al Ula", "Al-Ula"]);
  assertAliases("Ad Diriyah", ["Diriyah", "Dir'iyah"]);
  assertAliases("King Abdullah Economic City", ["KAEC", "King Abdullah Economic City"]);
});

Deno.test("canonicalCity is case-insensitive and trims", () => {
  assertAliases("Riyadh", ["RIYADH", "riyadh", "  Riyadh  ", "\tRiYaDh\n"]);
  assertAliases("Khamis Mushait", ["khamis   MUSHAIT", " Khamis\tMushait "]);
});

Deno.test("canonicalCity accepts article variants Al-/Al /none", () => {
  assertAliases("Al Khobar", ["Al-Khobar", "al khobar", "AlKhobar", "Khobar", "El-Khobar"]);
  assertAliases("Ad Dawadimi", ["Ad-Dawadimi", "Al Dawadimi", "Dawadimi"]);
  assertAliases("Wadi Ad Dawasir", ["Wadi ad-Dawasir", "Wadi Al-Dawasir", "Wadi Dawasir"]);
  assertAliases("As Sulayyil", ["As-Sulayyil", "Al Sulayyil", "Sulayyil"]);
  assertAliases("Al Rass", ["Ar-Rass", "Ar Rass", "Rass"]);
});

Deno.test("canonicalCity treats apostrophe variants alike", () => {
  assertAliases("Hail", ["Ha'il", "Ha’il", "Haʾil", "Haʿil"]);
});

Deno.test("canonicalCity strips diacritics", () => {
  assertAliases("Jazan", ["Jāzān", "JĀZĀN"]);
  assertAliases("Makkah", ["Makkāh"]);
  assertAliases("Ad Diriyah", ["Ad-Dirʿīyah"]);
});

Deno.test("canonicalCity does not strip letters that only look like an article", () => {
  assert.equal(canonicalCity("Arar"), "Arar");
  assert.equal(canonicalCity("Adham"), "Adham");
});

Deno.test("canonicalCity rejects non-KSA cities (Dubai, Cairo, London)", () => {
  for (const city of ["Dubai", "Cairo", "London", "Abu Dhabi", "Manama"]) {
    assert.equal(canonicalCity(city), undefined, city);
  }
});

Deno.test("canonicalCity rejects empty and overlong input", () => {
  for (const input of ["", "   ", "-", "Al", "'", `Riyadh${" ".repeat(100)}`, "x".repeat(10_000)]) {
    assert.equal(canonicalCity(input), undefined, JSON.stringify(input.slice(0, 20)));
  }
});

Deno.test("canonicalCity rejects non-string input from untyped callers", () => {
  assert.equal(canonicalCity(42 as unknown as string), undefined);
  assert.equal(canonicalCity(null as unknown as string), undefined);
});

Deno.test("every canonical name maps to itself", () => {
  for (const city of KSA_CITIES) assert.equal(canonicalCity(city), city);
});

Deno.test("KSA_CITIES is a sorted, duplicate-free list of 80-150 cities", () => {
  assert.ok(KSA_CITIES.length >= 80 && KSA_CITIES.length <= 150, `${KSA_CITIES.length}`);
  assert.equal(new Set(KSA_CITIES).size, KSA_CITIES.length);
  assert.deepEqual([...KSA_CITIES].sort((a, b) => a.localeCompare(b, "en")), KSA_CITIES);
  assert.ok(Object.isFrozen(KSA_CITIES));
});

Deno.test("no alias maps to two different cities", () => {
  // The real table is checked when cities.ts loads; this proves that check fires.
  assert.throws(() => buildCityIndex([["Al Khobar", "Khobar"], ["Khobar City", "al-khobar"]]));
  assert.throws(() => buildCityIndex([["Riyadh"], ["Ar Riyadh"]]));
  assert.throws(() => buildCityIndex([["Al"]]), /empty key/);
  assert.equal(buildCityIndex([["Dammam", "Ad Dammam"]]).get("dammam"), "Dammam");
});

Deno.test("normalizeCityKey folds case, punctuation, diacritics and articles", () => {
  assert.equal(normalizeCityKey("  Al-Khobar "), "khobar");
  assert.equal(normalizeCityKey("AlUla"), "ula");
  assert.equal(normalizeCityKey("Wadi ad-Dawāsir"), "wadi dawasir");
  assert.equal(normalizeCityKey("Dir'iyah"), "diriyah");
});
