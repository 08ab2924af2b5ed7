import assert from "node:assert/strict";
import { testModelDir } from "@hire/testing/model.ts";
import { createLocalProvider } from "./local_provider.ts";
import { EmbeddingError, type EmbeddingProvider } from "./provider.ts";
import { dot, norm } from "./vectors.ts";

const modelDir = await testModelDir();

const EN = {
  nurseJob: "ICU staff nurse needed at a hospital in Riyadh; SCFHS license required",
  nurseSeeker: "Registered nurse with five years of intensive care experience in Riyadh hospitals",
  engineerSeeker:
    "Software engineer with five years of backend development experience in TypeScript and Go",
  accountantJob: "Accountant for a trading company in Jeddah, SOCPA preferred",
  accountantSeeker:
    "Chartered accountant, seven years preparing financial statements and audits in Jeddah",
};
const AR = {
  nurseJob: "مطلوب ممرضة للعمل في قسم العناية المركزة بمستشفى في الرياض",
  nurseSeeker: "ممرضة عناية مركزة ذات خبرة خمس سنوات في مستشفيات الرياض",
  accountantSeeker: "محاسب قانوني ذو خبرة سبع سنوات في إعداد القوائم المالية والتدقيق في جدة",
  driverSeeker: "سائق توصيل لديه رخصة قيادة سعودية سارية ويعرف شوارع الدمام",
  driverJob: "نبحث عن سائق شاحنات نقل ثقيل للعمل في الدمام",
  truckSeeker: "سائق شاحنة برخصة نقل ثقيل وخبرة في الطرق بين المدن",
};

/** Job postings and seeker profiles; the profile at the same position is the match. */
const MATRIX = {
  arabic: {
    jobs: [
      "مطلوب ممرضة للعمل في قسم العناية المركزة بمستشفى في الرياض",
      "مطلوب محاسب لشركة تجارية في جدة لإعداد القوائم المالية",
      "نبحث عن سائق شاحنات نقل ثقيل للعمل في الدمام",
      "مطلوب مهندس برمجيات لتطوير تطبيقات الويب في الرياض",
      "مطلوب معلمة رياضيات للمرحلة المتوسطة في مدرسة أهلية بمكة",
      "مطلوب كاشير لسوبرماركت في الخبر بدوام جزئي",
      "مطلوب فني تكييف وتبريد لصيانة المكيفات المركزية في جدة",
    ],
    seekers: [
      "ممرضة عناية مركزة ذات خبرة خمس سنوات في مستشفيات الرياض",
      "محاسب قانوني ذو خبرة سبع سنوات في إعداد القوائم المالية والتدقيق في جدة",
      "سائق شاحنة برخصة نقل ثقيل وخبرة في الطرق بين المدن",
      "مطور برمجيات خبرة في تطوير تطبيقات الويب وجافاسكربت",
      "معلمة رياضيات حاصلة على بكالوريوس تربية وخبرة في تدريس الطالبات",
      "أعمل كاشير في محلات التجزئة وأجيد التعامل مع نقاط البيع",
      "فني تبريد وتكييف لديه خبرة في صيانة وتركيب المكيفات",
    ],
  },
  english: {
    jobs: [
      "ICU staff nurse needed at a hospital in Riyadh; SCFHS license required",
      "Accountant for a trading company in Jeddah, SOCPA preferred",
      "Heavy truck driver for a logistics company in Dammam",
      "Backend software engineer to build web APIs in TypeScript, Riyadh office",
      "Math teacher for an intermediate private school in Makkah",
      "Part-time cashier for a supermarket in Khobar",
      "HVAC technician to maintain central air conditioning units in Jeddah",
    ],
    seekers: [
      "Registered nurse with five years of intensive care experience in Riyadh hospitals",
      "Chartered accountant, seven years preparing financial statements and audits in Jeddah",
      "Truck driver with a heavy vehicle license and experience on intercity routes",
      "Software developer experienced in web applications, Node.js and JavaScript",
      "Mathematics teacher with a bachelor of education and experience teaching girls",
      "Retail cashier experienced with point-of-sale systems and customer service",
      "Refrigeration and air conditioning technician experienced in installing AC units",
    ],
  },
};

/** How many jobs rank their own profile first, and the smallest lead over the runner-up. */
async function ranking(p: EmbeddingProvider, m: { jobs: string[]; seekers: string[] }) {
  const jobs = await p.embed(m.jobs);
  const seekers = await p.embed(m.seekers);
  let first = 0;
  let minLead = Infinity;
  jobs.forEach((job, i) => {
    const s = seekers.map((seeker) => dot(job, seeker));
    const lead = s[i]! - Math.max(...s.filter((_, j) => j !== i));
    if (lead > 0) first++;
    minLead = Math.min(minLead, lead);
  });
  return { first, of: jobs.length, minLead };
}

/** Cosine of every pair, keyed `a~b`, printed for the record. */
async function scores(
  p: EmbeddingProvider,
  texts: Record<string, string>,
  pairs: [string, string][],
): Promise<Record<string, number>> {
  const keys = Object.keys(texts);
  const vectors = await p.embed(keys.map((k) => texts[k]!));
  const v = (k: string) => vectors[keys.indexOf(k)]!;
  const out = Object.fromEntries(pairs.map(([a, b]) => [`${a}~${b}`, dot(v(a), v(b))]));
  console.log(Object.entries(out).map(([k, s]) => `  ${k}: ${s.toFixed(3)}`).join("\n"));
  return out;
}

Deno.test("local provider", async (t) => {
  const provider = await createLocalProvider({ modelDir, batchSize: 4 });
  try {
    await t.step("has 384 dense + 256 lexical dimensions and a descriptive name", () => {
      assert.equal(provider.dimensions, 640);
      assert.equal(provider.name, "local:all-minilm-l6-v2-q@32t+ar-ngram");
    });

    await t.step("returns one unit-length vector per text, empty texts included", async () => {
      const texts = [EN.nurseJob, AR.nurseJob, "", "؟!", "x".repeat(5000)];
      const vectors = await provider.embed(texts);
      assert.equal(vectors.length, texts.length);
      for (const v of vectors) {
        assert.equal(v.length, 640);
        assert.ok(Math.abs(norm(v) - 1) < 1e-5, `norm ${norm(v)}`);
      }
      assert.deepEqual(await provider.embed([]), []);
    });

    await t.step("scores identical texts ~1", async () => {
      const [a, b] = await provider.embed([AR.nurseJob, AR.nurseJob]);
      assert.ok(dot(a!, b!) > 0.9999);
    });

    await t.step("batched results match one-by-one results, in order", async () => {
      const texts = [...Object.values(EN), ...Object.values(AR)];
      // All texts in one run (no token budget), padded to the longest.
      const whole = await createLocalProvider({
        modelDir,
        batchSize: 32,
        maxBatchTokens: Infinity,
      });
      let worstDiff = 0;
      let worstCos = 1;
      try {
        for (const batched of [await provider.embed(texts), await whole.embed(texts)]) {
          for (let i = 0; i < texts.length; i++) {
            const [single] = await provider.embed([texts[i]!]);
            let maxDiff = 0;
            for (let k = 0; k < single!.length; k++) {
              maxDiff = Math.max(maxDiff, Math.abs(single![k]! - batched[i]![k]!));
            }
            // The quantised model scales activations per run (DynamicQuantizeLinear over the
            // whole batch), so batch-mates move the dense half slightly: measured up to 0.022
            // per component, cosine ≥ 0.991 here. Padding leaking into the mean, or rows out of
            // order, would be far off these bounds.
            const cos = dot(single!, batched[i]!);
            assert.ok(maxDiff < 0.05, `text ${i}: max component difference ${maxDiff}`);
            assert.ok(cos > 0.98, `text ${i}: cosine ${cos}`);
            worstDiff = Math.max(worstDiff, maxDiff);
            worstCos = Math.min(worstCos, cos);
          }
        }
      } finally {
        await whole.close();
      }
      console.log(
        `  worst component difference ${worstDiff.toFixed(4)}, cosine ${worstCos.toFixed(4)}`,
      );
    });

    await t.step("results of a batch of one text repeated equal that text alone", async () => {
      const [single] = await provider.embed([AR.nurseSeeker]);
      const batched = await provider.embed(Array(6).fill(AR.nurseSeeker));
      for (const v of batched) {
        for (let k = 0; k < v.length; k++) assert.ok(Math.abs(v[k]! - single![k]!) < 1e-4);
      }
    });

    await t.step(
      "English: nurse job is closer to a nurse than to a software engineer",
      async () => {
        const s = await scores(provider, EN, [
          ["nurseJob", "nurseSeeker"],
          ["nurseJob", "engineerSeeker"],
          ["accountantJob", "accountantSeeker"],
          ["accountantJob", "nurseSeeker"],
        ]);
        assert.ok(s["nurseJob~nurseSeeker"]! - s["nurseJob~engineerSeeker"]! >= 0.15);
        assert.ok(s["accountantJob~accountantSeeker"]! - s["accountantJob~nurseSeeker"]! >= 0.15);
      },
    );

    await t.step("Arabic: ICU nurse job is clearly closest to the ICU nurse profile", async () => {
      const s = await scores(provider, AR, [
        ["nurseJob", "nurseSeeker"],
        ["nurseJob", "accountantSeeker"],
        ["nurseJob", "driverSeeker"],
        ["driverJob", "truckSeeker"],
        ["driverJob", "nurseSeeker"],
      ]);
      const same = s["nurseJob~nurseSeeker"]!;
      assert.ok(same - s["nurseJob~accountantSeeker"]! >= 0.15);
      assert.ok(same - s["nurseJob~driverSeeker"]! >= 0.15);
      assert.ok(s["driverJob~truckSeeker"]! - s["driverJob~nurseSeeker"]! >= 0.15);
    });
    await t.step(
      "every job ranks its own profile first by a clear lead, in both languages",
      async () => {
        // The dense model alone, for comparison (see DEFAULT_HYBRID_WEIGHTS).
        const denseOnly = await createLocalProvider({
          modelDir,
          weights: { dense: 1, lexical: 0 },
        });
        try {
          for (const [language, m] of Object.entries(MATRIX)) {
            const hybrid = await ranking(provider, m);
            const dense = await ranking(denseOnly, m);
            console.log(
              `  ${language}: hybrid ${hybrid.first}/${hybrid.of} first, min lead ` +
                `${hybrid.minLead.toFixed(3)}; dense only ${dense.first}/${dense.of}, min lead ` +
                `${dense.minLead.toFixed(3)}`,
            );
            assert.equal(hybrid.first, hybrid.of, language);
            assert.ok(hybrid.minLead >= 0.1, `${language}: min lead ${hybrid.minLead}`);
          }
        } finally {
          await denseOnly.close();
        }
      },
    );
  } finally {
    await provider.close();
  }
  await assert.rejects(() => provider.embed(["x"]), EmbeddingError);
});

Deno.test("createLocalProvider refuses a folder without a model, saying how to fetch it", async () => {
  const empty = await Deno.makeTempDir();
  try {
    await assert.rejects(
      () => createLocalProvider({ modelDir: empty }),
      (err: unknown) =>
        err instanceof EmbeddingError && !err.retriable &&
        /deploy\/local\/model\.ts/.test(err.message),
    );
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

Deno.test("createLocalProvider refuses weights that do not sum to 1", async () => {
  await assert.rejects(
    () => createLocalProvider({ modelDir, weights: { dense: 0.5, lexical: 0.6 } }),
    RangeError,
  );
});
