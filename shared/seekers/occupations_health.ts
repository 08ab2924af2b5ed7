/**
 * Healthcare occupations of the synthetic catalogue.
 * @module
 */
import type { Occupation } from "./occupation.ts";

/** Nurses, physicians, pharmacists and laboratory staff. */
export const HEALTH_OCCUPATIONS: readonly Occupation[] = [
  {
    key: "registered_nurse",
    employmentTypes: ["full_time", "part_time", "contract"],
    salary: [6000, 15000],
    en: {
      title: "Registered Nurse",
      field: "nursing",
      skills: [
        "Patient care",
        "Medication administration",
        "Vital signs monitoring",
        "Basic Life Support (BLS)",
        "Infection control",
        "Electronic medical records",
        "Wound care",
      ],
      duties: [
        "provide bedside care to adult inpatients",
        "administer medication and monitor vital signs",
        "document nursing care plans in the electronic medical record",
      ],
    },
    ar: {
      title: "ممرض مسجل",
      titleF: "ممرضة مسجلة",
      field: "التمريض",
      skills: [
        "رعاية المرضى",
        "إعطاء الأدوية",
        "مراقبة العلامات الحيوية",
        "الإنعاش القلبي الرئوي الأساسي",
        "مكافحة العدوى",
        "السجلات الطبية الإلكترونية",
        "العناية بالجروح",
      ],
      duties: [
        "تقديم الرعاية التمريضية للمرضى المنومين",
        "إعطاء الأدوية ومراقبة العلامات الحيوية",
        "توثيق خطط الرعاية التمريضية في السجل الطبي الإلكتروني",
      ],
    },
  },
  {
    key: "icu_nurse",
    employmentTypes: ["full_time", "contract"],
    salary: [8000, 18000],
    en: {
      title: "ICU Nurse",
      field: "critical care nursing",
      skills: [
        "Critical care",
        "Mechanical ventilation",
        "Advanced Cardiac Life Support (ACLS)",
        "Hemodynamic monitoring",
        "Arterial blood gas interpretation",
        "Central line care",
        "Patient assessment",
      ],
      duties: [
        "care for critically ill patients on mechanical ventilation",
        "monitor hemodynamics and titrate intravenous infusions",
        "respond to code blue emergencies with the ICU team",
      ],
    },
    ar: {
      title: "ممرض عناية مركزة",
      titleF: "ممرضة عناية مركزة",
      field: "تمريض العناية المركزة",
      skills: [
        "العناية المركزة",
        "التنفس الصناعي",
        "الإنعاش القلبي المتقدم",
        "مراقبة الدورة الدموية",
        "تحليل غازات الدم",
        "العناية بالقسطرة الوريدية المركزية",
        "تقييم حالة المريض",
      ],
      duties: [
        "رعاية المرضى ذوي الحالات الحرجة على أجهزة التنفس الصناعي",
        "مراقبة الدورة الدموية وضبط جرعات المحاليل الوريدية",
        "الاستجابة لحالات توقف القلب مع فريق العناية المركزة",
      ],
    },
  },
  {
    key: "pharmacist",
    employmentTypes: ["full_time", "part_time"],
    salary: [9000, 20000],
    en: {
      title: "Pharmacist",
      field: "pharmacy",
      skills: [
        "Prescription dispensing",
        "Patient counselling",
        "Drug interactions",
        "Inventory management",
        "Clinical pharmacy",
        "Pharmacy information systems",
      ],
      duties: [
        "dispense prescriptions and check doses and drug interactions",
        "counsel patients on the safe use of their medicines",
        "manage pharmacy stock and expiry dates",
      ],
    },
    ar: {
      title: "صيدلي",
      titleF: "صيدلانية",
      field: "الصيدلة",
      skills: [
        "صرف الوصفات الطبية",
        "إرشاد المرضى",
        "التداخلات الدوائية",
        "إدارة المخزون",
        "الصيدلة السريرية",
        "أنظمة معلومات الصيدليات",
      ],
      duties: [
        "صرف الوصفات الطبية والتحقق من الجرعات والتداخلات الدوائية",
        "إرشاد المرضى إلى الاستخدام الآمن للأدوية",
        "إدارة مخزون الصيدلية ومتابعة تواريخ الصلاحية",
      ],
    },
  },
  {
    key: "physician",
    employmentTypes: ["full_time", "contract"],
    salary: [18000, 40000],
    en: {
      title: "General Physician",
      field: "general medicine",
      skills: [
        "Clinical diagnosis",
        "Physical examination",
        "Chronic disease management",
        "Emergency medicine",
        "Prescribing",
        "Medical documentation",
      ],
      duties: [
        "examine and diagnose patients in outpatient clinics",
        "manage chronic conditions such as diabetes and hypertension",
        "refer patients to specialists and follow up on their results",
      ],
    },
    ar: {
      title: "طبيب عام",
      titleF: "طبيبة عامة",
      field: "الطب العام",
      skills: [
        "التشخيص السريري",
        "الفحص السريري",
        "إدارة الأمراض المزمنة",
        "طب الطوارئ",
        "وصف العلاج",
        "التوثيق الطبي",
      ],
      duties: [
        "فحص المرضى وتشخيصهم في العيادات الخارجية",
        "متابعة الأمراض المزمنة مثل السكري وارتفاع ضغط الدم",
        "تحويل المرضى إلى الأخصائيين ومتابعة نتائج فحوصاتهم",
      ],
    },
  },
  {
    key: "lab_technician",
    employmentTypes: ["full_time", "part_time", "contract"],
    salary: [5000, 11000],
    en: {
      title: "Medical Laboratory Technician",
      field: "medical laboratory",
      skills: [
        "Sample collection",
        "Hematology",
        "Clinical chemistry",
        "Microbiology",
        "Laboratory information system (LIS)",
        "Quality control",
      ],
      duties: [
        "collect and process blood and urine samples",
        "run hematology and clinical chemistry analysers",
        "apply quality control and record results in the LIS",
      ],
    },
    ar: {
      title: "فني مختبر طبي",
      titleF: "فنية مختبر طبي",
      field: "المختبرات الطبية",
      skills: [
        "سحب العينات",
        "أمراض الدم",
        "الكيمياء السريرية",
        "الأحياء الدقيقة",
        "نظام معلومات المختبر",
        "ضبط الجودة",
      ],
      duties: [
        "سحب عينات الدم والبول وتجهيزها",
        "تشغيل أجهزة تحليل الدم والكيمياء السريرية",
        "تطبيق إجراءات ضبط الجودة وتسجيل النتائج في نظام معلومات المختبر",
      ],
    },
  },
];
