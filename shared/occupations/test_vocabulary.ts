/** A small vocabulary for the unit tests, so they do not change when the data grows. */
import type { SectorVocabulary } from "./vocabulary/types.ts";

export const TEST_VOCABULARY: readonly SectorVocabulary[] = [{
  sector: "health",
  occupations: [
    {
      id: "nurse",
      isco: "2221",
      sector: "health",
      en: ["nurse", "registered nurse", "staff nurse", "RN", "charge nurse"],
      ar: ["ممرض", "ممرضة", "أخصائي تمريض", "فني تمريض"],
      specialties: [
        {
          id: "icu",
          en: ["ICU", "intensive care unit", "intensive care", "critical care"],
          ar: ["عناية مركزة"],
        },
        { id: "med_surg", en: ["medical-surgical", "med/surg"], ar: ["باطنية وجراحة"] },
      ],
    },
    {
      id: "early_childhood_teacher",
      isco: "2342",
      sector: "education",
      en: ["nursery teacher", "kindergarten teacher"],
      ar: ["معلمة روضة", "معلمة رياض أطفال"],
    },
    {
      id: "software_developer",
      isco: "2512",
      sector: "it",
      en: ["software developer", "backend developer", "developer", "software engineer"],
      ar: ["مطور برمجيات", "مبرمج"],
      specialties: [{ id: "backend", en: ["backend", "back-end"], ar: ["الواجهة الخلفية"] }],
    },
    {
      id: "school_teacher",
      isco: "2330",
      sector: "education",
      en: ["teacher", "secondary teacher"],
      ar: ["معلم", "معلمة"],
      distinctSpecialties: true,
      specialties: [
        { id: "english", en: ["English"], ar: ["لغة إنجليزية"] },
        { id: "mathematics", en: ["mathematics", "math"], ar: ["رياضيات"] },
      ],
    },
    {
      id: "barista",
      isco: "5132",
      sector: "hospitality",
      en: ["barista"],
      ar: ["باريستا", "صانع قهوة"],
    },
    {
      id: "chef",
      isco: "3434/5120",
      sector: "hospitality",
      en: ["chef", "cook", "commis chef", "chef de partie", "sous chef"],
      ar: ["شيف", "طباخ"],
    },
  ],
  skills: [
    { id: "bls", en: ["BLS", "basic life support"], ar: ["الإنعاش القلبي الرئوي الأساسي"] },
    { id: "java", en: ["Java"], ar: ["جافا"] },
    { id: "python", en: ["Python"], ar: ["بايثون"] },
  ],
}];
