/**
 * Job postings as partners send them, for the benchmarks that need real text (embedding, the
 * search text, creates with real bodies): a title and a description of several hundred to a
 * few thousand characters (about the employer, duties, requirements, benefits, how to apply),
 * in Arabic, English or both, for the occupations of `@hire/fixtures`. Seeded, so every run
 * sends the same texts.
 * @module
 */
import { createRandom, type Occupation, OCCUPATIONS, type Random } from "@hire/fixtures";

const EN = {
  seniority: ["", "", "Senior ", "Junior ", "Lead ", "Experienced "],
  employer: [
    "We are a leading private hospital group with facilities across the Kingdom and more than 4,000 employees.",
    "Our company is one of the fastest-growing retail chains in Saudi Arabia, with over 120 branches.",
    "A well-established contracting company working on government and Vision 2030 giga-projects.",
    "We are a family-owned business founded in 1985, serving customers in the Eastern Province and beyond.",
    "A technology company building digital services for banks, telecom operators and government agencies.",
    "An international hospitality group operating hotels in Riyadh, Jeddah, Makkah and Madinah.",
  ],
  mission: [
    "We believe our people are our greatest strength and invest in their training and career growth.",
    "Join a diverse team where safety, quality and customer satisfaction come first.",
    "You will work with experienced colleagues in a modern, well-equipped workplace.",
    "We offer a stable working environment with clear career paths and regular performance reviews.",
  ],
  duties: [
    "follow company policies, procedures and health and safety regulations",
    "prepare daily and weekly reports for the line manager",
    "coordinate with other departments to resolve issues quickly",
    "train and support new team members",
    "maintain accurate records in the company's systems",
    "take part in continuous improvement initiatives",
    "handle customer enquiries professionally and courteously",
  ],
  requirements: [
    "Bachelor's degree or diploma in a relevant field",
    "Good command of English; Arabic is an advantage",
    "Valid Saudi driving licence is a plus",
    "Able to work shifts, weekends and public holidays when needed",
    "Strong communication and teamwork skills",
    "Computer literacy (MS Office)",
    "Transferable Iqama for non-Saudi candidates",
  ],
  benefits: [
    "Competitive basic salary",
    "Housing allowance or company accommodation",
    "Transportation allowance",
    "Medical insurance for the employee and family",
    "Annual leave of 30 days with an air ticket",
    "End-of-service benefits as per Saudi Labour Law",
    "GOSI registration",
    "Performance bonus",
  ],
  closing: [
    "Saudi nationals are strongly encouraged to apply in line with Saudization (Nitaqat) requirements.",
    "Interested candidates should apply with an updated CV and copies of their certificates.",
    "Working hours: 48 hours a week, Sunday to Thursday, with one rotating Saturday.",
    "Only shortlisted candidates will be contacted for an interview.",
  ],
};

const AR = {
  seniority: ["", "", "أول ", "مساعد ", "رئيس "],
  employer: [
    "مجموعة مستشفيات خاصة رائدة لديها منشآت في مختلف مناطق المملكة وأكثر من أربعة آلاف موظف.",
    "شركتنا من أسرع سلاسل التجزئة نمواً في المملكة العربية السعودية ولديها أكثر من مئة وعشرين فرعاً.",
    "شركة مقاولات عريقة تعمل في مشاريع حكومية ومشاريع رؤية المملكة 2030.",
    "مؤسسة عائلية تأسست عام 1985 وتخدم عملاءها في المنطقة الشرقية وخارجها.",
    "شركة تقنية تبني خدمات رقمية للبنوك وشركات الاتصالات والجهات الحكومية.",
    "مجموعة فندقية دولية تدير فنادق في الرياض وجدة ومكة المكرمة والمدينة المنورة.",
  ],
  mission: [
    "نؤمن بأن موظفينا هم أهم ما نملك ونستثمر في تدريبهم وتطويرهم المهني.",
    "انضم إلى فريق متنوع يضع السلامة والجودة ورضا العملاء في المقام الأول.",
    "ستعمل مع زملاء ذوي خبرة في بيئة عمل حديثة ومجهزة.",
    "نوفر بيئة عمل مستقرة ومسارات وظيفية واضحة وتقييماً دورياً للأداء.",
  ],
  duties: [
    "الالتزام بسياسات الشركة وإجراءاتها وأنظمة الصحة والسلامة",
    "إعداد التقارير اليومية والأسبوعية ورفعها للمدير المباشر",
    "التنسيق مع الإدارات الأخرى لحل المشكلات بسرعة",
    "تدريب أعضاء الفريق الجدد ودعمهم",
    "المحافظة على دقة السجلات في أنظمة الشركة",
    "المشاركة في مبادرات التحسين المستمر",
    "التعامل مع استفسارات العملاء بمهنية ولباقة",
  ],
  requirements: [
    "درجة البكالوريوس أو الدبلوم في تخصص ذي صلة",
    "إجادة اللغة الإنجليزية ميزة إضافية",
    "رخصة قيادة سعودية سارية ميزة إضافية",
    "القدرة على العمل بنظام الورديات وفي عطلات نهاية الأسبوع عند الحاجة",
    "مهارات تواصل وعمل جماعي ممتازة",
    "إلمام بالحاسب الآلي وبرامج الأوفيس",
    "إقامة قابلة للنقل لغير السعوديين",
  ],
  benefits: [
    "راتب أساسي منافس",
    "بدل سكن أو سكن من الشركة",
    "بدل مواصلات",
    "تأمين طبي للموظف وعائلته",
    "إجازة سنوية ثلاثون يوماً مع تذكرة طيران",
    "مكافأة نهاية الخدمة حسب نظام العمل السعودي",
    "التسجيل في التأمينات الاجتماعية",
    "مكافأة أداء سنوية",
  ],
  closing: [
    "الأولوية للمتقدمين السعوديين وفق متطلبات برنامج نطاقات.",
    "على الراغبين التقديم مع سيرة ذاتية محدثة وصور من الشهادات.",
    "ساعات العمل ثمان وأربعون ساعة أسبوعياً من الأحد إلى الخميس.",
    "سيتم التواصل مع المرشحين المؤهلين فقط لإجراء المقابلة.",
  ],
};

const bullets = (items: string[]) => items.map((s) => `- ${s}`).join("\n");
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function english(o: Occupation, city: string, rnd: Random, long: boolean): string {
  const t = o.en;
  const years = rnd.int(1, 8);
  return [
    `${rnd.pick(EN.seniority)}${t.title} – ${city}`,
    [rnd.pick(EN.employer), ...(long ? rnd.sample(EN.mission, 2) : [])].join(" ") +
    ` We are looking for a ${t.title} to join our ${t.field} team in ${city}.`,
    "Key responsibilities:\n" +
    bullets([...t.duties, ...rnd.sample(EN.duties, long ? 5 : 2)].map(capital)),
    "Requirements:\n" + bullets([
      `Minimum ${years} years of experience in ${t.field}`,
      ...rnd.sample(t.skills, long ? 6 : 3).map((s) => `Experience with ${s}`),
      ...rnd.sample(EN.requirements, long ? 5 : 2),
    ]),
    "What we offer:\n" + bullets(rnd.sample(EN.benefits, long ? 7 : 3)),
    rnd.sample(EN.closing, long ? 3 : 1).join(" "),
  ].join("\n\n");
}

function arabic(o: Occupation, city: string, rnd: Random, long: boolean, withEnglish: boolean) {
  const t = o.ar;
  const years = rnd.int(1, 8);
  const title = `مطلوب ${t.title}${withEnglish ? ` (${o.en.title})` : ""} - ${city}`;
  return [
    `${title}`,
    [rnd.pick(AR.employer), ...(long ? rnd.sample(AR.mission, 2) : [])].join(" ") +
    ` نبحث عن ${rnd.pick(AR.seniority)}${t.title} للانضمام إلى فريق ${t.field} في ${city}.`,
    "المهام والمسؤوليات:\n" + bullets([...t.duties, ...rnd.sample(AR.duties, long ? 5 : 2)]),
    "المتطلبات:\n" + bullets([
      `خبرة لا تقل عن ${years} سنوات في مجال ${t.field}`,
      ...rnd.sample(t.skills, long ? 6 : 3).map((s) => `خبرة في ${s}`),
      ...rnd.sample(AR.requirements, long ? 5 : 2),
    ]),
    "المزايا:\n" + bullets(rnd.sample(AR.benefits, long ? 7 : 3)),
    rnd.sample(AR.closing, long ? 3 : 1).join(" "),
  ].join("\n\n");
}

const CITIES = [
  ["Riyadh", "الرياض"],
  ["Jeddah", "جدة"],
  ["Dammam", "الدمام"],
  ["Makkah", "مكة المكرمة"],
  ["Madinah", "المدينة المنورة"],
  ["Al Khobar", "الخبر"],
  ["Abha", "أبها"],
] as const;

/**
 * `count` postings, each as the embedding service embeds a job (`title\ndescription`): about
 * half Arabic, a third English, the rest Arabic with the English title; half short ads (about
 * 700–1,000 characters) and half long ones (about 1,500–2,500).
 */
export function jobPostings(count: number, seed = 42): string[] {
  const rnd = createRandom(seed);
  return Array.from({ length: count }, () => {
    const occupation = rnd.pick(OCCUPATIONS);
    const [enCity, arCity] = rnd.pick(CITIES);
    const long = rnd.chance(0.5);
    const kind = rnd.next();
    if (kind < 0.5) return arabic(occupation, arCity, rnd, long, false);
    if (kind < 0.83) return english(occupation, enCity, rnd, long);
    return arabic(occupation, arCity, rnd, long, true);
  });
}

/** The same postings as a job's title and description. */
export function postingFields(
  count: number,
  seed = 42,
): { title: string; description: string }[] {
  return jobPostings(count, seed).map((text) => {
    const cut = text.indexOf("\n");
    return { title: text.slice(0, cut), description: text.slice(cut + 1).trim() };
  });
}
