/**
 * Office occupations of the synthetic catalogue: finance, people, sales, customer
 * service and administration.
 * @module
 */
import type { Occupation } from "./occupation.ts";

/** Desk and front-office jobs found in almost every company. */
export const OFFICE_OCCUPATIONS: readonly Occupation[] = [
  {
    key: "accountant",
    employmentTypes: ["full_time", "part_time", "contract"],
    salary: [6000, 16000],
    en: {
      title: "Accountant",
      field: "accounting",
      skills: [
        "Financial statements",
        "Accounts payable",
        "Accounts receivable",
        "VAT and Zakat",
        "Bank reconciliation",
        "SAP",
        "IFRS",
      ],
      duties: [
        "prepare monthly financial statements and reconciliations",
        "file VAT and Zakat returns with ZATCA",
        "process supplier invoices and payments",
      ],
    },
    ar: {
      title: "محاسب",
      titleF: "محاسبة",
      field: "المحاسبة",
      skills: [
        "إعداد القوائم المالية",
        "الحسابات الدائنة",
        "الحسابات المدينة",
        "ضريبة القيمة المضافة والزكاة",
        "التسويات البنكية",
        "نظام ساب",
        "المعايير الدولية لإعداد التقارير المالية",
      ],
      duties: [
        "إعداد القوائم المالية والتسويات الشهرية",
        "تقديم إقرارات ضريبة القيمة المضافة والزكاة إلى هيئة الزكاة والضريبة والجمارك",
        "معالجة فواتير الموردين والمدفوعات",
      ],
    },
  },
  {
    key: "hr_specialist",
    employmentTypes: ["full_time", "contract"],
    salary: [7000, 16000],
    en: {
      title: "HR Specialist",
      field: "human resources",
      skills: [
        "Payroll",
        "Saudi Labor Law",
        "GOSI",
        "Employee relations",
        "Onboarding",
        "Performance management",
        "HRIS",
      ],
      duties: [
        "run the monthly payroll and GOSI registrations",
        "apply the Saudi Labor Law to contracts, leave and end-of-service benefits",
        "onboard new employees and keep personnel files up to date",
      ],
    },
    ar: {
      title: "أخصائي موارد بشرية",
      titleF: "أخصائية موارد بشرية",
      field: "الموارد البشرية",
      skills: [
        "مسيرات الرواتب",
        "نظام العمل السعودي",
        "التأمينات الاجتماعية",
        "علاقات الموظفين",
        "تهيئة الموظفين الجدد",
        "إدارة الأداء",
        "أنظمة الموارد البشرية",
      ],
      duties: [
        "إعداد مسيرات الرواتب الشهرية وتسجيل الموظفين في التأمينات الاجتماعية",
        "تطبيق نظام العمل السعودي على العقود والإجازات ومكافأة نهاية الخدمة",
        "تهيئة الموظفين الجدد وتحديث ملفاتهم",
      ],
    },
  },
  {
    key: "recruitment_officer",
    employmentTypes: ["full_time", "contract"],
    salary: [6000, 14000],
    en: {
      title: "Recruitment Officer",
      field: "recruitment",
      skills: [
        "Talent sourcing",
        "Interviewing",
        "LinkedIn Recruiter",
        "Saudization (Nitaqat)",
        "Job descriptions",
        "Applicant tracking systems",
      ],
      duties: [
        "source and screen candidates for open roles",
        "run interviews together with hiring managers",
        "track Saudization targets under Nitaqat",
      ],
    },
    ar: {
      title: "أخصائي توظيف",
      titleF: "أخصائية توظيف",
      field: "التوظيف",
      skills: [
        "استقطاب المواهب",
        "إجراء المقابلات",
        "التوظيف عبر لينكدإن",
        "التوطين ونطاقات",
        "كتابة الأوصاف الوظيفية",
        "أنظمة تتبع المتقدمين",
      ],
      duties: [
        "البحث عن المرشحين وفرزهم للوظائف الشاغرة",
        "إجراء المقابلات مع مديري التوظيف",
        "متابعة نسب التوطين في برنامج نطاقات",
      ],
    },
  },
  {
    key: "sales_representative",
    employmentTypes: ["full_time", "part_time", "contract"],
    salary: [4000, 12000],
    en: {
      title: "Sales Representative",
      field: "sales",
      skills: [
        "B2B sales",
        "Negotiation",
        "Customer relationship management (CRM)",
        "Lead generation",
        "Sales targets",
        "Product presentations",
      ],
      duties: [
        "visit customers and present our products to new accounts",
        "meet monthly sales targets in my territory",
        "keep customer records and follow-ups in the CRM",
      ],
    },
    ar: {
      title: "مندوب مبيعات",
      titleF: "مندوبة مبيعات",
      field: "المبيعات",
      skills: [
        "مبيعات الشركات",
        "التفاوض",
        "إدارة علاقات العملاء",
        "استقطاب العملاء المحتملين",
        "تحقيق المستهدفات البيعية",
        "عرض المنتجات",
      ],
      duties: [
        "زيارة العملاء وعرض المنتجات على عملاء جدد",
        "تحقيق المستهدفات البيعية الشهرية في منطقة عملي",
        "متابعة بيانات العملاء في نظام إدارة علاقات العملاء",
      ],
    },
  },
  {
    key: "customer_service_agent",
    employmentTypes: ["full_time", "part_time"],
    salary: [4000, 9000],
    en: {
      title: "Customer Service Agent",
      field: "customer service",
      skills: [
        "Call handling",
        "Complaint resolution",
        "Live chat support",
        "CRM",
        "Active listening",
        "Arabic and English communication",
      ],
      duties: [
        "answer customer calls and chats",
        "resolve complaints and escalate complex cases",
        "log every customer interaction in the CRM",
      ],
    },
    ar: {
      title: "موظف خدمة عملاء",
      titleF: "موظفة خدمة عملاء",
      field: "خدمة العملاء",
      skills: [
        "الرد على المكالمات",
        "معالجة الشكاوى",
        "الدعم عبر المحادثة المباشرة",
        "إدارة علاقات العملاء",
        "الإنصات الفعال",
        "التواصل باللغتين العربية والإنجليزية",
      ],
      duties: [
        "الرد على مكالمات العملاء ومحادثاتهم",
        "حل الشكاوى وتصعيد الحالات المعقدة",
        "تسجيل جميع التواصلات في نظام إدارة علاقات العملاء",
      ],
    },
  },
  {
    key: "receptionist",
    employmentTypes: ["full_time", "part_time"],
    salary: [4000, 7500],
    en: {
      title: "Receptionist",
      field: "front office",
      skills: [
        "Front desk operations",
        "Appointment scheduling",
        "Phone etiquette",
        "Visitor management",
        "Microsoft Office",
      ],
      duties: [
        "greet visitors and answer incoming calls",
        "schedule appointments and run the front desk",
        "handle incoming mail and courier deliveries",
      ],
    },
    ar: {
      title: "موظف استقبال",
      titleF: "موظفة استقبال",
      field: "الاستقبال",
      skills: [
        "أعمال مكتب الاستقبال",
        "جدولة المواعيد",
        "آداب الرد على الهاتف",
        "إدارة الزوار",
        "مايكروسوفت أوفيس",
      ],
      duties: [
        "استقبال الزوار والرد على المكالمات الواردة",
        "جدولة المواعيد وإدارة مكتب الاستقبال",
        "استلام البريد والشحنات الواردة",
      ],
    },
  },
  {
    key: "administrative_assistant",
    employmentTypes: ["full_time", "part_time", "internship"],
    salary: [4500, 9000],
    en: {
      title: "Administrative Assistant",
      field: "administration",
      skills: [
        "Office administration",
        "Correspondence",
        "Filing and archiving",
        "Microsoft Office",
        "Meeting coordination",
        "Data entry",
      ],
      duties: [
        "manage correspondence and my manager's calendar",
        "coordinate meetings and take the minutes",
        "keep paper and electronic files in order",
      ],
    },
    ar: {
      title: "مساعد إداري",
      titleF: "مساعدة إدارية",
      field: "الأعمال الإدارية",
      skills: [
        "الأعمال المكتبية",
        "المراسلات",
        "الحفظ والأرشفة",
        "مايكروسوفت أوفيس",
        "تنسيق الاجتماعات",
        "إدخال البيانات",
      ],
      duties: [
        "إدارة المراسلات وجدول أعمال المدير",
        "تنسيق الاجتماعات وإعداد محاضرها",
        "تنظيم الملفات الورقية والإلكترونية",
      ],
    },
  },
];
