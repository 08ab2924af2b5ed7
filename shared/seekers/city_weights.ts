/**
 * Where synthetic seekers live: the larger Saudi cities, weighted by population.
 * @module
 */

/** A city with its Arabic name and its weight. */
export interface WeightedCity {
  /** Canonical English spelling, as `KSA_CITIES` has it. */
  city: string;
  /** Arabic name, for Arabic summaries. */
  ar: string;
  /** Population in thousands, rounded (2022 census, city or governorate). */
  weight: number;
}

/** Cities seekers are drawn from; together they hold most of the Kingdom's workforce. */
export const SEEKER_CITIES: readonly WeightedCity[] = [
  { city: "Riyadh", ar: "الرياض", weight: 7000 },
  { city: "Jeddah", ar: "جدة", weight: 3750 },
  { city: "Makkah", ar: "مكة المكرمة", weight: 2400 },
  { city: "Madinah", ar: "المدينة المنورة", weight: 1480 },
  { city: "Dammam", ar: "الدمام", weight: 1390 },
  { city: "Al Ahsa", ar: "الأحساء", weight: 1100 },
  { city: "Buraidah", ar: "بريدة", weight: 700 },
  { city: "Taif", ar: "الطائف", weight: 690 },
  { city: "Tabuk", ar: "تبوك", weight: 670 },
  { city: "Al Khobar", ar: "الخبر", weight: 660 },
  { city: "Khamis Mushait", ar: "خميس مشيط", weight: 550 },
  { city: "Al Qatif", ar: "القطيف", weight: 520 },
  { city: "Hail", ar: "حائل", weight: 450 },
  { city: "Al Kharj", ar: "الخرج", weight: 430 },
  { city: "Abha", ar: "أبها", weight: 400 },
  { city: "Hafar Al Batin", ar: "حفر الباطن", weight: 400 },
  { city: "Al Jubail", ar: "الجبيل", weight: 400 },
  { city: "Najran", ar: "نجران", weight: 380 },
  { city: "Yanbu", ar: "ينبع", weight: 300 },
  { city: "Sakaka", ar: "سكاكا", weight: 240 },
  { city: "Arar", ar: "عرعر", weight: 230 },
  { city: "Jazan", ar: "جازان", weight: 200 },
  { city: "Unaizah", ar: "عنيزة", weight: 200 },
  { city: "Dhahran", ar: "الظهران", weight: 140 },
  { city: "Al Bahah", ar: "الباحة", weight: 110 },
];
