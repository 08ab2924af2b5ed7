/**
 * Throughput of the local embedding provider: how many job texts per second it embeds at a
 * given batch size and thread count. `embeddings_main.ts` runs it and writes the results.
 * @module
 */
import {
  createLocalProvider,
  DEFAULT_MAX_BATCH_TOKENS,
  lexicalVector,
  shippedBridge,
  withOccupationBridge,
} from "@hire/embedding";
import { BRIDGE_DIMENSIONS } from "@hire/occupations";

/** Options of {@linkcode benchEmbeddings}. */
export interface EmbeddingBenchOptions {
  /** Folder with the model (see deploy/local/model.ts). */
  modelDir: string;
  /** Texts embedded per measured run. Default 256. */
  count?: number;
  /** Default [1, 8, 32]. */
  batchSizes?: number[];
  /** onnxruntime intra-op threads to try. Default [1]. */
  threads?: number[];
  /**
   * Token budgets per inference run to try at batch sizes above 1 (`null`: none).
   * Default: the provider's default and none, to show what the budget buys.
   */
  tokenBudgets?: (number | null)[];
  /** Measured runs per setting; the best and the median are kept. Default 3. */
  repeats?: number;
}

/** One setting, measured `repeats` times. */
export interface EmbeddingBenchRun {
  threads: number;
  batchSize: number;
  /** Most tokens per inference run; null for no limit. */
  maxBatchTokens: number | null;
  texts: number;
  /** Best of the repeats: the machine is shared, and noise only ever slows a run down. */
  embeddingsPerSec: number;
  medianPerSec: number;
  /** 1-minute load average before the first and after the last repeat. */
  loadBefore: number;
  loadAfter: number;
}

/** What {@linkcode benchEmbeddings} measured. */
export interface EmbeddingBenchResult {
  provider: string;
  dimensions: number;
  texts: { count: number; arabicShare: number; meanChars: number };
  repeats: number;
  runs: EmbeddingBenchRun[];
  /** The lexical half alone (pure JS, no model), for how much of the time it takes. */
  lexicalOnlyPerSec: number;
  /** The occupation bridge alone (reading the vocabulary, joining the vector). */
  bridgeOnlyPerSec: number;
}

const AR_TITLES = [
  "ممرضة عناية مركزة",
  "محاسب عام",
  "مهندس برمجيات",
  "سائق نقل ثقيل",
  "معلمة رياضيات",
  "كاشير",
  "فني تكييف وتبريد",
  "مندوب مبيعات",
  "موظف خدمة عملاء",
  "أخصائي موارد بشرية",
];
const EN_TITLES = [
  "ICU staff nurse",
  "Senior accountant",
  "Backend software engineer",
  "Heavy truck driver",
  "Math teacher",
  "Supermarket cashier",
  "HVAC technician",
  "Field sales representative",
  "Customer service agent",
  "HR specialist",
];
const AR_CITIES = ["الرياض", "جدة", "الدمام", "مكة المكرمة", "المدينة المنورة", "الخبر", "أبها"];
const EN_CITIES = ["Riyadh", "Jeddah", "Dammam", "Makkah", "Madinah", "Khobar", "Abha"];
const AR_DETAILS = [
  "خبرة لا تقل عن ثلاث سنوات في نفس المجال",
  "إجادة اللغة الإنجليزية تحدثاً وكتابة",
  "دوام كامل من الأحد إلى الخميس مع تأمين طبي وبدل سكن",
  "يفضل حملة البكالوريوس والسعوديون",
  "القدرة على العمل تحت الضغط وضمن فريق",
  "رخصة سارية من الهيئة السعودية للتخصصات الصحية",
];
const EN_DETAILS = [
  "At least three years of experience in a similar role",
  "Fluent English and Arabic, written and spoken",
  "Full time, Sunday to Thursday, with medical insurance and housing allowance",
  "Bachelor's degree preferred; Saudi nationals encouraged to apply",
  "Able to work under pressure and as part of a team",
  "Valid SCFHS or SOCPA certification where applicable",
];

/** A small seeded generator, so every run embeds the same texts. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `count` job postings as partners send them: about half Arabic, a third English, the rest
 * bilingual (an Arabic post with the English title), one to four requirement lines each.
 */
export function jobTexts(count: number, seed = 42): string[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const lines = (details: string[]) =>
    Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(details));
  return Array.from({ length: count }, () => {
    const kind = rnd();
    const t = Math.floor(rnd() * AR_TITLES.length);
    const c = Math.floor(rnd() * AR_CITIES.length);
    if (kind < 0.5) {
      return [`مطلوب ${AR_TITLES[t]} للعمل في ${AR_CITIES[c]}`, ...lines(AR_DETAILS)].join(". ");
    }
    if (kind < 0.83) {
      return [`${EN_TITLES[t]} needed in ${EN_CITIES[c]}`, ...lines(EN_DETAILS)].join(". ");
    }
    return [`مطلوب ${AR_TITLES[t]} (${EN_TITLES[t]}) - ${AR_CITIES[c]}`, ...lines(AR_DETAILS)]
      .join(". ");
  });
}

async function loadAverage(): Promise<number> {
  const text = await Deno.readTextFile("/proc/loadavg").catch(() => "");
  return Number(text.split(" ")[0] ?? NaN);
}

/** Embeds the same texts at each setting; returns embeddings/second. */
export async function benchEmbeddings(opts: EmbeddingBenchOptions): Promise<EmbeddingBenchResult> {
  const texts = jobTexts(opts.count ?? 256);
  const repeats = opts.repeats ?? 3;
  const budgets = opts.tokenBudgets ?? [DEFAULT_MAX_BATCH_TOKENS, null];
  const runs: EmbeddingBenchRun[] = [];
  let provider = "";
  let dimensions = 0;
  for (const threads of opts.threads ?? [1]) {
    for (const batchSize of opts.batchSizes ?? [1, 8, 32]) {
      // A budget cannot split a batch of one.
      for (const budget of batchSize === 1 ? [budgets[0] ?? null] : budgets) {
        // As the services run it: the local model with the occupation bridge.
        const p = withOccupationBridge(
          await createLocalProvider({
            modelDir: opts.modelDir,
            batchSize,
            threads,
            maxBatchTokens: budget ?? Infinity,
          }),
        );
        try {
          provider = p.name;
          dimensions = p.dimensions;
          const loadBefore = await loadAverage();
          // Warm-up: the first runs allocate onnxruntime's buffers for the shapes seen.
          await p.embed(texts.slice(0, 32));
          const rates: number[] = [];
          for (let r = 0; r < repeats; r++) {
            const start = performance.now();
            await p.embed(texts);
            rates.push(texts.length / ((performance.now() - start) / 1000));
          }
          rates.sort((a, b) => a - b);
          runs.push({
            threads,
            batchSize,
            maxBatchTokens: budget,
            texts: texts.length,
            embeddingsPerSec: rates[rates.length - 1]!,
            medianPerSec: rates[Math.floor(rates.length / 2)]!,
            loadBefore,
            loadAfter: await loadAverage(),
          });
        } finally {
          await p.close();
        }
      }
    }
  }
  const start = performance.now();
  for (const t of texts) lexicalVector(t);
  const lexicalOnlyPerSec = texts.length / ((performance.now() - start) / 1000);
  const bridge = shippedBridge();
  const zero = new Float32Array(dimensions - BRIDGE_DIMENSIONS);
  const bridgeStart = performance.now();
  for (const t of texts) bridge.space.vector(bridge.recogniser.recognise(t), zero);
  const bridgeOnlyPerSec = texts.length / ((performance.now() - bridgeStart) / 1000);
  const arabic = texts.filter((t) => /[\u0600-\u06FF]/.test(t)).length;
  return {
    provider,
    dimensions,
    texts: {
      count: texts.length,
      arabicShare: arabic / texts.length,
      meanChars: texts.reduce((n, t) => n + t.length, 0) / texts.length,
    },
    repeats,
    runs,
    lexicalOnlyPerSec,
    bridgeOnlyPerSec,
  };
}
