/**
 * Arabic names of the canonical Saudi cities, for the public job site: the name shown to
 * seekers, and lookup of what they type in the city filter, in Arabic or English.
 *
 * The partner API keeps using {@link canonicalCity}: its contract is English names.
 *
 * @module
 */
import { normaliseText } from "@hire/text";
import { canonicalCity, KSA_CITIES } from "./cities.ts";

/** The Arabic names of one city. */
export interface ArabicCity {
  /** Display name, spelt as Saudi government sites spell it. */
  name: string;
  /** Other spellings seekers type, only those whose lookup key differs from the name's. */
  aliases?: readonly string[];
}

// Grouped by region in the order of cities.ts, so a missing city is easy to spot.
// Spelling variants the key already forgives (جده, ابها, حايل, ضبا, الرياض/رياض) are not
// listed as aliases. Abqaiq is officially بقيق; أبقيق is the older spelling behind the
// English name. Layla (ليلى) is the seat of Al Aflaj, and Hofuf is grouped with Al Ahsa,
// as cities.ts groups them.
const ARABIC_CITIES: Readonly<Record<string, ArabicCity>> = {
  // Riyadh Region
  "Riyadh": { name: "الرياض" },
  "Ad Diriyah": { name: "الدرعية" },
  "Al Kharj": { name: "الخرج" },
  "Al Majmaah": { name: "المجمعة" },
  "Al Zulfi": { name: "الزلفي" },
  "Shaqra": { name: "شقراء" },
  "Ad Dawadimi": { name: "الدوادمي" },
  "Al Quwaiyah": { name: "القويعية" },
  "Afif": { name: "عفيف" },
  "Al Ghat": { name: "الغاط" },
  "Wadi Ad Dawasir": { name: "وادي الدواسر" },
  "As Sulayyil": { name: "السليل" },
  "Al Aflaj": { name: "الأفلاج", aliases: ["ليلى"] },
  "Al Muzahimiyah": { name: "المزاحمية" },
  "Hotat Bani Tamim": { name: "حوطة بني تميم" },
  "Hotat Sudair": { name: "حوطة سدير" },
  "Al Hariq": { name: "الحريق" },
  "Al Dilam": { name: "الدلم" },
  "Huraymila": { name: "حريملاء" },
  "Thadiq": { name: "ثادق" },
  "Rumah": { name: "رماح" },
  "Dhurma": { name: "ضرما" },
  "Marat": { name: "مرات" },
  // Makkah Region
  "Makkah": { name: "مكة المكرمة", aliases: ["مكة"] },
  "Jeddah": { name: "جدة" },
  "Taif": { name: "الطائف" },
  "Rabigh": { name: "رابغ" },
  "King Abdullah Economic City": {
    name: "مدينة الملك عبدالله الاقتصادية",
    aliases: ["مدينة الملك عبد الله الاقتصادية"],
  },
  "Thuwal": { name: "ثول" },
  "Al Qunfudhah": { name: "القنفذة" },
  "Al Lith": { name: "الليث" },
  "Al Jumum": { name: "الجموم" },
  "Bahrah": { name: "بحرة" },
  "Khulais": { name: "خليص" },
  "Turabah": { name: "تربة" },
  "Al Khurmah": { name: "الخرمة" },
  "Ranyah": { name: "رنية" },
  "Al Muwayh": { name: "الموية" },
  "Adham": { name: "أضم" },
  // Madinah Region
  "Madinah": { name: "المدينة المنورة", aliases: ["المدينة"] },
  "Yanbu": { name: "ينبع", aliases: ["ينبع البحر", "ينبع الصناعية"] },
  "AlUla": { name: "العلا" },
  "Badr": { name: "بدر", aliases: ["بدر حنين"] },
  "Khaybar": { name: "خيبر" },
  "Mahd Al Dhahab": { name: "مهد الذهب", aliases: ["المهد"] },
  "Al Hanakiyah": { name: "الحناكية" },
  "Al Ais": { name: "العيص" },
  // Qassim Region
  "Buraidah": { name: "بريدة" },
  "Unaizah": { name: "عنيزة" },
  "Al Rass": { name: "الرس" },
  "Al Bukayriyah": { name: "البكيرية" },
  "Al Mithnab": { name: "المذنب" },
  "Al Badaya": { name: "البدائع" },
  "Riyadh Al Khabra": { name: "رياض الخبراء" },
  "Uyun Al Jiwa": { name: "عيون الجواء" },
  // Eastern Province
  "Dammam": { name: "الدمام" },
  "Al Khobar": { name: "الخبر" },
  "Dhahran": { name: "الظهران" },
  "Al Jubail": { name: "الجبيل", aliases: ["الجبيل الصناعية"] },
  "Al Ahsa": { name: "الأحساء", aliases: ["الهفوف", "الحسا"] },
  "Al Mubarraz": { name: "المبرز" },
  "Al Qatif": { name: "القطيف" },
  "Sayhat": { name: "سيهات" },
  "Safwa": { name: "صفوى" },
  "Tarout": { name: "تاروت" },
  "Ras Tanura": { name: "رأس تنورة" },
  "Abqaiq": { name: "بقيق", aliases: ["أبقيق"] },
  "Ras Al Khair": { name: "رأس الخير" },
  "Hafar Al Batin": { name: "حفر الباطن" },
  "Al Khafji": { name: "الخفجي", aliases: ["رأس الخفجي"] },
  "Al Nairiyah": { name: "النعيرية" },
  "Qaryat Al Ulya": { name: "قرية العليا" },
  "Salwa": { name: "سلوى" },
  // Hail Region
  "Hail": { name: "حائل" },
  "Baqaa": { name: "بقعاء" },
  "Al Ghazalah": { name: "الغزالة" },
  // Tabuk Region
  "Tabuk": { name: "تبوك" },
  "NEOM": { name: "نيوم" },
  "Duba": { name: "ضباء" },
  "Al Wajh": { name: "الوجه" },
  "Umluj": { name: "أملج" },
  "Tayma": { name: "تيماء" },
  "Haql": { name: "حقل" },
  // Northern Borders Region
  "Arar": { name: "عرعر" },
  "Rafha": { name: "رفحاء" },
  "Turaif": { name: "طريف" },
  "Al Uwayqilah": { name: "العويقيلة" },
  // Al Jawf Region
  "Sakaka": { name: "سكاكا" },
  "Qurayyat": { name: "القريات" },
  "Dumat Al Jandal": { name: "دومة الجندل" },
  "Tabarjal": { name: "طبرجل" },
  // Jazan Region
  "Jazan": { name: "جازان", aliases: ["جيزان"] },
  "Sabya": { name: "صبيا" },
  "Abu Arish": { name: "أبو عريش" },
  "Samtah": { name: "صامطة" },
  "Farasan": { name: "فرسان" },
  "Baish": { name: "بيش" },
  "Ad Darb": { name: "الدرب" },
  "Ahad Al Masarihah": { name: "أحد المسارحة" },
  "Damad": { name: "ضمد" },
  // Najran Region
  "Najran": { name: "نجران" },
  "Sharurah": { name: "شرورة" },
  // Asir Region
  "Abha": { name: "أبها" },
  "Khamis Mushait": { name: "خميس مشيط" },
  "Bisha": { name: "بيشة" },
  "Al Namas": { name: "النماص" },
  "Muhayil": { name: "محايل", aliases: ["محايل عسير"] },
  "Sarat Abidah": { name: "سراة عبيدة" },
  "Ahad Rafidah": { name: "أحد رفيدة" },
  "Rijal Almaa": { name: "رجال ألمع" },
  "Tathlith": { name: "تثليث" },
  "Dhahran Al Janub": { name: "ظهران الجنوب" },
  "Al Majaridah": { name: "المجاردة" },
  "Tanomah": { name: "تنومة" },
  "Al Birk": { name: "البرك" },
  "Bariq": { name: "بارق" },
  // Al Bahah Region
  "Al Bahah": { name: "الباحة" },
  "Baljurashi": { name: "بلجرشي" },
  "Al Mandaq": { name: "المندق" },
  "Al Mikhwah": { name: "المخواة" },
  "Al Aqiq": { name: "العقيق" },
  "Qilwah": { name: "قلوة" },
};

/** Longer inputs cannot be a city name; rejecting them bounds the work per request. */
const MAX_INPUT_LENGTH = 100;

// Direction marks and joiners ride along when names are pasted from other pages.
const FORMAT_CHARS = /\p{Cf}/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
const ARTICLE = "ال";
// Words whose leading ال is part of the name, not the article: ألمع in رجال ألمع, and
// الله in عبد الله. Stripping them would leave a fragment that matches nothing real.
const NOT_ARTICLE = new Set(["المع", "الله"]);
// The final hamza of شقراء, تيماء, الأحساء ... is very often left off when typing.
const FINAL_HAMZA = /اء$/u;

function stripArticle(word: string): string {
  if (NOT_ARTICLE.has(word)) return word;
  // Keep two letters at least, so a short word that merely starts with ال stays whole.
  return word.startsWith(ARTICLE) && word.length - ARTICLE.length >= 2
    ? word.slice(ARTICLE.length)
    : word;
}

/**
 * Reduces an Arabic city name to its lookup key: the shared Arabic normalisation (one
 * alef, ة → ه, ى → ي, no tashkeel or tatweel), then per word the article and a final
 * hamza after alef dropped, so "الأحساء", "احسا" and "الاحساء" share one key.
 */
export function normalizeArabicCityKey(input: string): string {
  return normaliseText(input.replace(FORMAT_CHARS, ""))
    .replace(SEPARATORS, " ")
    .trim()
    .split(" ")
    .map((word) => stripArticle(word).replace(FINAL_HAMZA, "ا"))
    .join(" ");
}

/**
 * Builds the Arabic key → canonical English name index. Throws when a key is empty, when
 * two cities claim the same key, when an alias adds nothing to its city's other names, or
 * when a table key is not a canonical city, so a bad table edit fails at module load.
 * Exported so these checks can be tested.
 */
export function buildArabicCityIndex(
  table: Readonly<Record<string, ArabicCity>>,
): ReadonlyMap<string, string> {
  const canonical = new Set(KSA_CITIES);
  const index = new Map<string, string>();
  for (const [city, { name, aliases = [] }] of Object.entries(table)) {
    if (!canonical.has(city)) throw new Error(`"${city}" is not a canonical city`);
    for (const arabic of [name, ...aliases]) {
      const key = normalizeArabicCityKey(arabic);
      if (key === "") throw new Error(`city name "${arabic}" normalises to an empty key`);
      const existing = index.get(key);
      if (existing === city) {
        throw new Error(`alias "${arabic}" of "${city}" is redundant: key "${key}" exists`);
      }
      if (existing !== undefined) {
        throw new Error(`city name "${arabic}" (key "${key}") already maps to "${existing}"`);
      }
      index.set(key, city);
    }
  }
  return index;
}

const ARABIC_INDEX = buildArabicCityIndex(ARABIC_CITIES);

/**
 * The Arabic display name of a canonical city ("Jeddah" → "جدة"). A name that is not a
 * canonical city comes back unchanged, so a page shows the English name rather than
 * failing; the tests prove every entry of `KSA_CITIES` has an Arabic name.
 */
export function arabicCityName(canonical: string): string {
  return Object.hasOwn(ARABIC_CITIES, canonical) ? ARABIC_CITIES[canonical]!.name : canonical;
}

/**
 * Resolves what a seeker types as a city, in English or Arabic, to its canonical English
 * name ("جده", "الاحساء", "Jiddah" → "Jeddah", "Al Ahsa", "Jeddah"), or undefined when it
 * is not a known Saudi city. English goes through {@link canonicalCity} unchanged.
 */
export function cityFromAnyName(input: string): string | undefined {
  if (typeof input !== "string" || input.length > MAX_INPUT_LENGTH) return undefined;
  return canonicalCity(input) ?? ARABIC_INDEX.get(normalizeArabicCityKey(input));
}
