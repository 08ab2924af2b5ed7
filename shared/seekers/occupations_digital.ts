/**
 * Digital and project occupations of the synthetic catalogue: software, data, IT,
 * design, marketing and project management.
 * @module
 */
import type { Occupation } from "./occupation.ts";

/** Technology, data, design, marketing and project roles. */
export const DIGITAL_OCCUPATIONS: readonly Occupation[] = [
  {
    key: "software_engineer",
    employmentTypes: ["full_time", "contract", "internship"],
    salary: [9000, 30000],
    en: {
      title: "Software Engineer",
      field: "software development",
      skills: [
        "TypeScript",
        "Node.js",
        "React",
        "SQL",
        "REST APIs",
        "Git",
        "Docker",
        "Unit testing",
      ],
      duties: [
        "build and maintain web applications and REST APIs",
        "design database schemas and write efficient SQL queries",
        "review code and write automated tests",
      ],
    },
    ar: {
      title: "مهندس برمجيات",
      titleF: "مهندسة برمجيات",
      field: "تطوير البرمجيات",
      skills: [
        "تطوير تطبيقات الويب",
        "برمجة الواجهات الخلفية",
        "قواعد البيانات",
        "تصميم واجهات برمجة التطبيقات",
        "إدارة الشيفرة المصدرية",
        "الحوسبة السحابية",
        "اختبار البرمجيات",
      ],
      duties: [
        "بناء تطبيقات الويب وواجهات برمجة التطبيقات وصيانتها",
        "تصميم قواعد البيانات وكتابة الاستعلامات",
        "مراجعة الشيفرة البرمجية وكتابة الاختبارات الآلية",
      ],
    },
  },
  {
    key: "data_analyst",
    employmentTypes: ["full_time", "contract", "internship"],
    salary: [8000, 20000],
    en: {
      title: "Data Analyst",
      field: "data analysis",
      skills: ["SQL", "Power BI", "Excel", "Python", "Data visualization", "Statistics"],
      duties: [
        "analyse sales and operations data to find trends",
        "build Power BI dashboards for management",
        "clean and prepare data from several sources",
      ],
    },
    ar: {
      title: "محلل بيانات",
      titleF: "محللة بيانات",
      field: "تحليل البيانات",
      skills: [
        "تحليل البيانات",
        "استعلامات قواعد البيانات",
        "تصور البيانات",
        "الإحصاء",
        "لوحات المعلومات",
        "إكسل المتقدم",
        "بايثون",
      ],
      duties: [
        "تحليل بيانات المبيعات والعمليات لاكتشاف الاتجاهات",
        "إعداد لوحات معلومات تفاعلية للإدارة",
        "تنظيف البيانات وتجهيزها من مصادر متعددة",
      ],
    },
  },
  {
    key: "marketing_specialist",
    employmentTypes: ["full_time", "part_time", "contract", "internship"],
    salary: [7000, 18000],
    en: {
      title: "Marketing Specialist",
      field: "marketing",
      skills: [
        "Digital marketing",
        "Social media",
        "Google Ads",
        "Content creation",
        "SEO",
        "Campaign analytics",
      ],
      duties: [
        "plan and run social media and Google Ads campaigns",
        "write Arabic and English content for the website and social channels",
        "report campaign results and optimise ad spend",
      ],
    },
    ar: {
      title: "أخصائي تسويق",
      titleF: "أخصائية تسويق",
      field: "التسويق",
      skills: [
        "التسويق الرقمي",
        "إدارة وسائل التواصل الاجتماعي",
        "إعلانات جوجل",
        "صناعة المحتوى",
        "تحسين محركات البحث",
        "تحليل الحملات",
      ],
      duties: [
        "تخطيط حملات وسائل التواصل الاجتماعي وإعلانات جوجل وتنفيذها",
        "كتابة المحتوى العربي والإنجليزي للموقع الإلكتروني وقنوات التواصل",
        "إعداد تقارير نتائج الحملات وتحسين الإنفاق الإعلاني",
      ],
    },
  },
  {
    key: "graphic_designer",
    employmentTypes: ["full_time", "part_time", "contract", "internship"],
    salary: [5000, 14000],
    en: {
      title: "Graphic Designer",
      field: "graphic design",
      skills: [
        "Adobe Photoshop",
        "Adobe Illustrator",
        "Branding",
        "Social media design",
        "Arabic typography",
        "Motion graphics",
      ],
      duties: [
        "design social media posts, banners and print material",
        "develop brand identities and style guides",
        "prepare bilingual Arabic and English layouts",
      ],
    },
    ar: {
      title: "مصمم جرافيك",
      titleF: "مصممة جرافيك",
      field: "التصميم الجرافيكي",
      skills: [
        "فوتوشوب",
        "إليستريتور",
        "الهوية البصرية",
        "تصميم منشورات التواصل الاجتماعي",
        "الخطوط العربية",
        "الموشن جرافيك",
      ],
      duties: [
        "تصميم منشورات التواصل الاجتماعي واللوحات الإعلانية والمطبوعات",
        "بناء الهويات البصرية وأدلة استخدامها",
        "إعداد تصاميم ثنائية اللغة بالعربية والإنجليزية",
      ],
    },
  },
  {
    key: "project_manager",
    employmentTypes: ["full_time", "contract"],
    salary: [15000, 35000],
    en: {
      title: "Project Manager",
      field: "project management",
      skills: [
        "PMP",
        "Project planning",
        "Risk management",
        "Stakeholder management",
        "Budget control",
        "MS Project",
      ],
      duties: [
        "lead projects from planning to handover",
        "manage budgets, schedules and risks",
        "report progress to stakeholders and steering committees",
      ],
    },
    ar: {
      title: "مدير مشاريع",
      titleF: "مديرة مشاريع",
      field: "إدارة المشاريع",
      skills: [
        "شهادة إدارة المشاريع الاحترافية",
        "تخطيط المشاريع",
        "إدارة المخاطر",
        "إدارة أصحاب المصلحة",
        "ضبط الميزانية",
        "مايكروسوفت بروجكت",
      ],
      duties: [
        "قيادة المشاريع من التخطيط حتى التسليم",
        "إدارة الميزانيات والجداول الزمنية والمخاطر",
        "رفع تقارير الإنجاز إلى أصحاب المصلحة واللجان التوجيهية",
      ],
    },
  },
  {
    key: "it_support",
    employmentTypes: ["full_time", "part_time", "contract", "internship"],
    salary: [5000, 12000],
    en: {
      title: "IT Support Specialist",
      field: "IT support",
      skills: [
        "Help desk",
        "Windows and Office 365",
        "Active Directory",
        "Network troubleshooting",
        "Hardware repair",
        "ITIL",
      ],
      duties: [
        "resolve help desk tickets for staff",
        "set up laptops, user accounts and printers",
        "troubleshoot network and email problems",
      ],
    },
    ar: {
      title: "أخصائي دعم فني",
      titleF: "أخصائية دعم فني",
      field: "الدعم الفني لتقنية المعلومات",
      skills: [
        "مكتب المساعدة",
        "ويندوز وأوفيس 365",
        "إدارة حسابات المستخدمين",
        "تشخيص أعطال الشبكات",
        "صيانة الأجهزة",
        "إدارة خدمات تقنية المعلومات",
      ],
      duties: [
        "حل طلبات الدعم الفني للموظفين",
        "تجهيز الحواسيب المحمولة وحسابات المستخدمين والطابعات",
        "تشخيص مشكلات الشبكة والبريد الإلكتروني",
      ],
    },
  },
];
