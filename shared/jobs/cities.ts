/**
 * Canonical English names of Saudi Arabian cities, and lookup of the many
 * transliterations partners send for them.
 *
 * @module
 */

/** One city: the canonical spelling first, then aliases whose keys differ from it. */
export type CityRow = readonly [canonical: string, ...aliases: string[]];

// Grouped by region so gaps are easy to spot in review. Aliases that normalise to the
// canonical key already (e.g. "Ad Dammam", "Jubail", "Ha'il") are left out.
// Hofuf and Al Hasa resolve to "Al Ahsa": partners use them interchangeably for the
// oasis city, and splitting them would hide postings from searches. Al Mubarraz stays
// separate because it is its own municipality.
// The economic city's long form is canonical because it is what the government uses;
// "KAEC" is only an alias.
const CITY_ROWS: readonly CityRow[] = [
  // Riyadh Region
  ["Riyadh", "Ar Riyad", "Er Riyadh", "Er Riyad"],
  ["Ad Diriyah", "Deraiyah", "Diriyyah"],
  ["Al Kharj"],
  ["Al Majmaah", "Majmaa"],
  ["Al Zulfi", "Az Zilfi"],
  ["Shaqra", "Shaqraa"],
  ["Ad Dawadimi", "Dawadmi", "Duwadimi"],
  ["Al Quwaiyah", "Al Quwayiyah"],
  ["Afif"],
  ["Al Ghat"],
  ["Wadi Ad Dawasir", "Wadi Addawasir"],
  ["As Sulayyil", "Sulail"],
  ["Al Aflaj", "Layla", "Laila"],
  ["Al Muzahimiyah", "Al Muzahmiyah", "Muzahmiyya"],
  ["Hotat Bani Tamim", "Hawtat Bani Tamim"],
  ["Hotat Sudair", "Hawtat Sudair"],
  ["Al Hariq", "Hareeq"],
  ["Al Dilam"],
  ["Huraymila", "Huraimla"],
  ["Thadiq"],
  ["Rumah"],
  ["Dhurma", "Durma"],
  ["Marat"],
  // Makkah Region
  ["Makkah", "Mecca", "Makka", "Mekka", "Mekkah", "Makkah Al Mukarramah", "Makkah Al Mukarrama"],
  ["Jeddah", "Jiddah", "Jedda", "Jidda", "Djeddah"],
  ["Taif", "Taef"],
  ["Rabigh"],
  ["King Abdullah Economic City", "KAEC"],
  ["Thuwal"],
  ["Al Qunfudhah", "Al Qunfudah", "Qunfuda"],
  ["Al Lith", "Al Leith", "Al Laith"],
  ["Al Jumum", "Jamoum"],
  ["Bahrah", "Bahra"],
  ["Khulais", "Khulays"],
  ["Turabah", "Turaba"],
  ["Al Khurmah", "Khurma"],
  ["Ranyah", "Raniyah", "Raniya"],
  ["Al Muwayh", "Muwaih"],
  ["Adham"],
  // Madinah Region
  ["Madinah", "Medina", "Madina", "Medinah", "Madinah Al Munawwarah", "Al Madina Al Munawara"],
  ["Yanbu", "Yenbo", "Yanbo", "Yanbu Al Bahr", "Yanbu Al Sinaiyah", "Yanbu Industrial City"],
  ["AlUla"],
  ["Badr", "Badr Hunayn"],
  ["Khaybar", "Khaibar"],
  ["Mahd Al Dhahab", "Mahd Adh Dhahab", "Al Mahd"],
  ["Al Hanakiyah", "Al Henakiyah"],
  ["Al Ais"],
  // Qassim Region
  ["Buraidah", "Buraydah", "Buraida", "Burayda"],
  ["Unaizah", "Unayzah", "Onaizah", "Unaiza", "Onaiza"],
  ["Al Rass"],
  ["Al Bukayriyah", "Al Bukairiyah"],
  ["Al Mithnab", "Al Midhnab"],
  ["Al Badaya", "Al Badayea", "Al Badai"],
  ["Riyadh Al Khabra"],
  ["Uyun Al Jiwa", "Uyun Al Jawa"],
  // Eastern Province
  ["Dammam"],
  ["Al Khobar", "Al Khubar"],
  ["Dhahran", "Az Zahran"],
  ["Al Jubail", "Al Jubayl", "Jubail Industrial City"],
  ["Al Ahsa", "Al Hasa", "Al Hassa", "Hofuf", "Hufuf", "Al Hafuf"],
  ["Al Mubarraz", "Al Mobarraz"],
  ["Al Qatif", "Al Katif"],
  ["Sayhat", "Saihat"],
  ["Safwa", "Safwah"],
  ["Tarout", "Tarut"],
  ["Ras Tanura", "Ras Tanurah", "Ras Tannurah"],
  ["Abqaiq", "Buqayq", "Baqiq"],
  ["Ras Al Khair", "Ras Al Khayr"],
  ["Hafar Al Batin", "Hafr Al Batin"],
  ["Al Khafji", "Ras Al Khafji"],
  ["Al Nairiyah", "Al Nairyah", "Al Nuayriyah"],
  ["Qaryat Al Ulya", "Qaryat Al Olaya"],
  ["Salwa"],
  // Hail Region
  ["Hail", "Hayil", "Hael"],
  ["Baqaa", "Baqa"],
  ["Al Ghazalah", "Ghazala"],
  // Tabuk Region
  ["Tabuk", "Tabouk", "Tebuk"],
  ["NEOM"],
  ["Duba", "Dhuba"],
  ["Al Wajh", "Al Wejh"],
  ["Umluj", "Umm Lajj", "Umm Luj"],
  ["Tayma", "Taima", "Teima"],
  ["Haql", "Haqel"],
  // Northern Borders Region
  ["Arar"],
  ["Rafha", "Rafhaa"],
  ["Turaif", "Turayf"],
  ["Al Uwayqilah", "Al Owaiqila"],
  // Al Jawf Region
  ["Sakaka", "Sakakah"],
  ["Qurayyat", "Qurayat", "Gurayat"],
  ["Dumat Al Jandal", "Dawmat Al Jandal", "Domat Al Jandal"],
  ["Tabarjal"],
  // Jazan Region
  ["Jazan", "Jizan", "Gizan", "Jaizan"],
  ["Sabya", "Sabia", "Sabiya"],
  ["Abu Arish", "Abu Areesh"],
  ["Samtah", "Samta"],
  ["Farasan"],
  ["Baish", "Bish"],
  ["Ad Darb"],
  ["Ahad Al Masarihah", "Ahad Al Musarihah"],
  ["Damad"],
  // Najran Region
  ["Najran", "Nejran"],
  ["Sharurah", "Sharura", "Sharourah"],
  // Asir Region
  ["Abha"],
  ["Khamis Mushait", "Khamis Mushayt", "Khamees Mushait"],
  ["Bisha", "Bishah"],
  ["Al Namas", "An Nimas"],
  ["Muhayil", "Mahayel"],
  ["Sarat Abidah", "Sarat Abida"],
  ["Ahad Rafidah", "Ahad Rufaidah", "Ahad Rafida"],
  ["Rijal Almaa", "Rijal Alma"],
  ["Tathlith", "Tathleeth"],
  ["Dhahran Al Janub", "Dhahran Al Janoub"],
  ["Al Majaridah", "Al Majardah"],
  ["Tanomah", "Tanumah"],
  ["Al Birk"],
  ["Bariq", "Bareq"],
  // Al Bahah Region
  ["Al Bahah", "Al Baha"],
  ["Baljurashi", "Biljurashi"],
  ["Al Mandaq"],
  ["Al Mikhwah", "Al Makhwah"],
  ["Al Aqiq"],
  ["Qilwah", "Qelwah"],
];

/** Longer inputs cannot be a city name; rejecting them bounds the work per request. */
const MAX_INPUT_LENGTH = 100;

// "Al" is also written glued ("AlKhobar", "AlUla"); the sun-letter forms rarely are, and
// stripping them glued would mangle real names such as "Arar" or "Adham".
const ARTICLES = new Set(["al", "ar", "as", "ad", "az", "ash", "at", "ath", "an", "el"]);
const GLUED_ARTICLE = /^al(?=\p{L}{3})/u;
const APOSTROPHES = /['’‘ʿʾ`´]/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * Reduces a city name to the key used for lookup: diacritics, case, apostrophes,
 * punctuation and Arabic articles are dropped, so "Al-Khobar", "alkhobar" and "Khobar"
 * all become "khobar".
 */
export function normalizeCityKey(input: string): string {
  return input
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(APOSTROPHES, "")
    .replace(SEPARATORS, " ")
    .trim()
    .split(" ")
    .filter((word) => !ARTICLES.has(word))
    .map((word) => word.replace(GLUED_ARTICLE, ""))
    .join(" ");
}

/**
 * Builds the key → canonical name index. Throws when two rows claim the same key, so a
 * bad table edit fails at startup instead of silently resolving to the wrong city.
 * Exported so the conflict check itself can be tested.
 */
export function buildCityIndex(rows: readonly CityRow[]): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const [canonical, ...aliases] of rows) {
    for (const name of [canonical, ...aliases]) {
      const key = normalizeCityKey(name);
      if (key === "") throw new Error(`city name "${name}" normalises to an empty key`);
      const existing = index.get(key);
      if (existing !== undefined && existing !== canonical) {
        throw new Error(`city name "${name}" (key "${key}") already maps to "${existing}"`);
      }
      index.set(key, canonical);
    }
  }
  return index;
}

const CITY_INDEX = buildCityIndex(CITY_ROWS);

/** Canonical English spellings of Saudi Arabian cities, sorted alphabetically. */
export const KSA_CITIES: readonly string[] = Object.freeze(
  CITY_ROWS.map(([canonical]) => canonical).sort((a, b) => a.localeCompare(b, "en")),
);

/**
 * Returns the canonical spelling of a Saudi city ("jiddah" → "Jeddah"), or undefined when
 * the input is not a known Saudi city.
 */
export function canonicalCity(input: string): string | undefined {
  if (typeof input !== "string" || input.length > MAX_INPUT_LENGTH) return undefined;
  return CITY_INDEX.get(normalizeCityKey(input));
}
