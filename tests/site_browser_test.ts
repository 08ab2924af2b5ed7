/**
 * The public job site in a real browser (Debian's Chromium), on the real stack: pages read
 * and laid out as a person sees them, in English and Arabic, the feed's forms and links used
 * by clicking and typing, partner-written attacks that must stay inert, and screenshots kept
 * in `.local/test-output/screenshots/` to look at.
 *
 * `UPDATE_DOCS_SCREENSHOTS=1 deno task test tests/site_browser_test.ts` also rewrites
 * `docs/site-job-ar.png`; CI never sets it, so tracked files stay as committed.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  directionOf,
  fontsOf,
  hrefsOf,
  launchBrowser,
  type PageProblems,
  screenshotDir,
  scriptHooks,
  sidewaysOverflow,
  watchPage,
} from "@hire/testing/browser.ts";
import { jobBody, startStack } from "@hire/testing/stack.ts";
import { hasBadText } from "@hire/edge-service/request_text.ts";
import { MARKDOWN_XSS_VECTORS, TITLE_XSS_VECTORS } from "@hire/testing/xss_vectors.ts";

// A database of its own: the feed lists every partner's jobs, and the first test counts them.
const stack = await startStack({ ownDatabase: true });
const browser = await launchBrowser();
Deno.test.afterAll(async () => {
  await browser.close();
  await stack.stop();
});

const partner = await stack.partner();
await stack.sql`UPDATE partners SET name = 'Saudi Care Hospitals' WHERE id = ${partner.partnerId}`;

interface CreatedJob {
  id: string;
  service_url: string;
}

async function newJob(overrides: Record<string, unknown> = {}, by = partner): Promise<CreatedJob> {
  const res = await by.call("POST", "/v1/partner/jobs", jobBody(overrides));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** Creates up to 100 jobs in one call; their ids in the order given. */
async function bulkCreate(bodies: Record<string, unknown>[]): Promise<string[]> {
  const res = await partner.call("POST", "/v1/partner/jobs/bulk", { jobs: bodies });
  assert.equal(res.status, 207, JSON.stringify(res.body));
  assert.deepEqual(res.body.errors, []);
  return (res.body.created as { index: number; id: string }[]).map((c) => c.id);
}

const jobUrl = (id: string, lang?: "ar") =>
  `${stack.siteUrl}/jobs/${id}${lang ? `?lang=${lang}` : ""}`;

/** The job ids of the feed cards on the page, top to bottom. */
const cardIds = async (page: Page) =>
  (await hrefsOf(page.locator("li.card h2 a"))).map((href) =>
    new URL(href, stack.siteUrl).pathname.split("/").at(-1)!
  );

/** The city each feed card shows, top to bottom. */
const cardCities = (page: Page) => page.locator("li.card .meta span:first-child").allInnerTexts();

const noProblems: PageProblems = { dialogs: [], cspViolations: [], pageErrors: [] };

// Realistic jobs, so the feed in a screenshot looks like the real one.
const SAMPLES = [
  {
    title: "ممرضة عناية مركزة",
    description: "مناوبات ليلية في وحدة العناية المركزة. يشترط التصنيف المهني.",
    city: "Jeddah",
  },
  {
    title: "Clinical Pharmacist",
    description: "Review prescriptions and counsel patients in a 300-bed hospital.",
    city: "Dammam",
  },
  {
    title: "مهندس مدني - مشاريع البنية التحتية",
    description: "الإشراف على تنفيذ مشاريع الطرق والجسور.",
    city: "Riyadh",
    employment_type: "contract",
  },
  {
    title: "Customer Service Agent (Arabic & English)",
    description: "Answer customers by phone and chat; **evening shifts**.",
    city: "Riyadh",
    employment_type: "part_time",
  },
  {
    title: "محاسب أول",
    description: "إعداد القوائم المالية الشهرية والإقرارات الضريبية.",
    city: "Khobar",
  },
  { title: "فني مختبر طبي", description: "إجراء التحاليل المخبرية الروتينية.", city: "Madinah" },
  {
    title: "Sales Representative",
    description: "Grow accounts with pharmacies across the western region.",
    city: "Makkah",
    salary_min: 7000,
    salary_max: 9000,
  },
  {
    title: "متدرب موارد بشرية",
    description: "برنامج تدريب تعاوني لمدة ستة أشهر.",
    city: "Abha",
    employment_type: "internship",
  },
];

// First: it needs the feed to hold only its own jobs.
Deno.test("the feed shows 20 jobs a page, newest first, and the next link shows the rest", async () => {
  const [listed] = await stack.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs WHERE status = 'active' AND deleted_at IS NULL`;
  assert.equal(listed!.n, 0, "this test runs first, on a database of its own");
  const created: string[] = [];
  // One at a time: each job is newer than the one before.
  for (let i = 0; i < 25; i++) {
    const sample = SAMPLES[i % SAMPLES.length]!;
    created.push((await newJob(sample)).id);
  }
  const newestFirst = created.toReversed();
  await browser.inContext(async (page) => {
    await page.goto(`${stack.siteUrl}/jobs`);
    const first = await cardIds(page);
    assert.equal(first.length, 20);
    assert.deepEqual(first, newestFirst.slice(0, 20));
    await page.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(/cursor=/);
    const second = await cardIds(page);
    assert.deepEqual(second, newestFirst.slice(20));
    assert.equal(new Set([...first, ...second]).size, 25, "no job on both pages");
    assert.equal(await page.locator("a[rel=next]").count(), 0, "the last page has no next link");
  });
});

/** A Markdown description as a Saudi hospital would write it. */
const ICU_NURSE_AR = `## المهام

- رعاية المرضى في وحدة العناية المركزة على مدار الساعة
- متابعة العلامات الحيوية وأجهزة التنفس الصناعي
- التنسيق مع الأطباء وفريق التمريض في كل مناوبة

## المتطلبات

- بكالوريوس تمريض وتصنيف ساري من **الهيئة السعودية للتخصصات الصحية**
- خبرة لا تقل عن **ثلاث سنوات** في العناية المركزة
- شهادتا BLS و ACLS

### ما نقدمه

سكن مؤثث، بدل مواصلات، تأمين طبي للعائلة، و٣٠ يوم إجازة سنوية.
للتفاصيل زوروا [صفحة الوظائف](https://care.example.sa/careers)، وأرسلوا سيرتكم الذاتية إلى
icu.recruitment@saudicarehospitals.example.sa`;

Deno.test("screenshots: the job page in English and Arabic, on a phone, and the Arabic feed", async () => {
  const hospital = await stack.partner();
  await stack.sql`
    UPDATE partners SET name = 'مستشفيات الرعاية السعودية' WHERE id = ${hospital.partnerId}`;
  // Two more of the hospital's jobs, so the Arabic feed's first cards are all one employer's.
  for (
    const [title, city, description] of [
      ["أخصائي علاج تنفسي", "Riyadh", "متابعة مرضى أجهزة التنفس في مستشفى الرياض."],
      ["صيدلي إكلينيكي", "Dammam", "مراجعة الوصفات وتثقيف المرضى في فرع الدمام."],
    ]
  ) {
    await newJob({ title, city, description }, hospital);
  }
  const job = await newJob({
    title: "ممرضة عناية مركزة",
    description: ICU_NURSE_AR,
    city: "Jeddah",
    employment_type: "full_time",
    salary_min: 9000,
    salary_max: 14000,
  }, hospital);
  const dir = await screenshotDir();
  await browser.inContext(async (page) => {
    const watch = await watchPage(page);
    await page.goto(job.service_url);
    await page.screenshot({ path: `${dir}job-en.png`, fullPage: true });

    await page.goto(`${job.service_url}?lang=ar`);
    assert.equal(await directionOf(page), "rtl");
    // Partner text in its own direction inside the page's: the title's block is right to left.
    assert.equal(await directionOf(page.locator("h1")), "rtl");
    assert.ok((await page.locator("dl.facts").innerText()).includes("جدة"));
    // An Arabic list in the description is right to left as a whole: its bullets sit on the
    // right, beside the text (the list takes its direction from its first item).
    assert.equal(await directionOf(page.locator(".description ul").first()), "rtl");
    // Arabic letters drawn by a font that has them (fonts-noto-core, which
    // deploy/local/chromium.ts installs beside the browser), not as boxes.
    const fonts = await fontsOf(page, "h1");
    assert.ok(
      fonts.some((f) => /Arabic/.test(f.familyName) && f.glyphCount >= "ممرضةعنايةمركزة".length),
      JSON.stringify(fonts),
    );
    await page.screenshot({ path: `${dir}job-ar.png`, fullPage: true });
    if (Deno.env.get("UPDATE_DOCS_SCREENSHOTS") === "1") {
      const docs = new URL("../docs/site-job-ar.png", import.meta.url).pathname;
      await page.screenshot({ path: docs });
    }

    await page.goto(`${stack.siteUrl}/jobs?lang=ar`);
    await page.screenshot({ path: `${dir}feed-ar.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${job.service_url}?lang=ar`);
    // Nothing wider than the phone.
    assert.deepEqual(await sidewaysOverflow(page), []);
    await page.screenshot({ path: `${dir}job-ar-mobile.png`, fullPage: true });
    assert.deepEqual(await watch.problems(), noProblems);
  }, { viewport: { width: 1280, height: 800 } });
});

Deno.test("a job page in English and in Arabic: direction, the city's name, the title visible", async () => {
  const job = await newJob({ title: "ICU Nurse", city: "Jiddah" });
  await browser.inContext(async (page) => {
    await page.goto(job.service_url);
    assert.equal(await directionOf(page), "ltr");
    assert.equal(await page.locator("html").getAttribute("lang"), "en");
    const title = page.locator("h1");
    assert.ok(await title.isVisible());
    assert.equal(await title.innerText(), "ICU Nurse");
    assert.ok((await page.locator("dl.facts").innerText()).includes("Jeddah"));
    // The language switch, as a visitor would use it.
    await page.locator("a.lang-switch").click();
    await page.waitForURL(/lang=ar/);
    assert.equal(await directionOf(page), "rtl");
    assert.equal(await page.locator("html").getAttribute("lang"), "ar");
    assert.ok(await title.isVisible());
    assert.equal(await title.innerText(), "ICU Nurse");
    const facts = await page.locator("dl.facts").innerText();
    assert.ok(facts.includes("جدة"), facts);
    assert.ok(!facts.includes("Jeddah"), facts);
  });
  // A browser set to Arabic gets the Arabic page at the plain address.
  await browser.inContext(async (page) => {
    await page.goto(job.service_url);
    assert.equal(await directionOf(page), "rtl");
    assert.ok((await page.locator("dl.facts").innerText()).includes("جدة"));
  }, { locale: "ar-SA" });
});

Deno.test("the Arabic feed filtered by city: chosen by its Arabic name, or typed as an alias", async () => {
  const jeddah = [
    (await newJob({ title: "أخصائي علاج طبيعي", city: "Jeddah" })).id,
    (await newJob({ title: "Radiographer", city: "Jiddah" })).id,
  ];
  const riyadh = (await newJob({ title: "أخصائي تغذية", city: "Riyadh" })).id;
  await browser.inContext(async (page) => {
    await page.goto(`${stack.siteUrl}/jobs?lang=ar`);
    await page.getByLabel("المدينة").selectOption({ label: "جدة" });
    await page.getByRole("button", { name: "ابحث" }).click();
    await page.waitForURL(/city=Jeddah/);
    const shown = await cardIds(page);
    for (const id of jeddah) assert.ok(shown.includes(id), `${id} in ${shown}`);
    assert.ok(!shown.includes(riyadh));
    assert.deepEqual(new Set(await cardCities(page)), new Set(["جدة"]));
    assert.equal(await directionOf(page), "rtl");

    // Typed with the common spelling "جده": the same jobs, and the select says جدة.
    await page.goto(`${stack.siteUrl}/jobs?city=${encodeURIComponent("جده")}&lang=ar`);
    assert.deepEqual(await cardIds(page), shown);
    assert.equal(await page.locator("select[name=city] option:checked").innerText(), "جدة");
  });
});

Deno.test("searching a word in English or Arabic shows only the jobs with it", async () => {
  const nurse = (await newJob({
    title: "ممرضة أطفال",
    description: "رعاية الأطفال في قسم الطوارئ.",
  })).id;
  const welder = (await newJob({
    title: "Pipeline Welder",
    description: "Certified welding of high-pressure pipelines.",
  })).id;
  const other = (await newJob({ title: "Receptionist", description: "Front desk duties." })).id;
  await browser.inContext(async (page) => {
    for (
      const { lang, word, button, expected } of [
        { lang: "en", word: "welder", button: "Search", expected: welder },
        { lang: "ar", word: "ممرضة", button: "ابحث", expected: nurse },
      ]
    ) {
      await page.goto(`${stack.siteUrl}/jobs?lang=${lang}`);
      await page.locator("input[name=q]").fill(word);
      await page.getByRole("button", { name: button }).click();
      await page.waitForURL(/q=/);
      const shown = await cardIds(page);
      assert.ok(shown.includes(expected), `${word}: ${expected} in ${shown}`);
      assert.ok(!shown.includes(other), word);
      // Every card shown has the word, or another form of it ("welding", "ممرضه"), in its
      // title or excerpt.
      const stem = word.slice(0, 4);
      for (const card of await page.locator("li.card").allInnerTexts()) {
        assert.ok(card.toLowerCase().includes(stem), `${word}: ${card}`);
      }
      assert.equal(await page.locator("input[name=q]").inputValue(), word, "the box keeps it");
    }
  });
});

Deno.test("a deleted job leaves the feed on reload and its page says it was removed", async () => {
  const job = await newJob({ title: "Warehouse Supervisor" });
  await browser.inContext(async (page) => {
    await page.goto(`${stack.siteUrl}/jobs`);
    assert.ok((await cardIds(page)).includes(job.id));
    assert.equal((await partner.call("DELETE", `/v1/partner/jobs/${job.id}`)).status, 204);
    await page.reload();
    assert.ok(!(await cardIds(page)).includes(job.id));
    const res = await page.goto(job.service_url);
    assert.equal(res?.status(), 410);
    assert.equal(await page.locator("h1").innerText(), "This job has been removed");
    await page.goto(`${job.service_url}?lang=ar`);
    assert.equal(await page.locator("h1").innerText(), "أُزيلت هذه الوظيفة");
    assert.equal(await directionOf(page), "rtl");
  });
});

// A control for the test below: a page that does run scripts is seen doing it.
Deno.test("the page watch sees a dialog, a script the CSP blocked and an uncaught error", async () => {
  const origin = "http://control.test";
  await browser.inContext(async (page) => {
    await page.route(
      `${origin}/**`,
      (route) =>
        route.request().url() === `${origin}/`
          ? route.fulfill({
            contentType: "text/html; charset=utf-8",
            headers: { "content-security-policy": "script-src 'nonce-ok'" },
            body: `<script nonce="ok">alert("allowed"); throw new Error("boom")</script>` +
              `<script>alert("inline")</script><img src="x" onerror="alert('handler')">`,
          })
          : route.fulfill({ status: 404 }),
    );
    const watch = await watchPage(page);
    await page.goto(`${origin}/`);
    const seen = await watch.problems();
    assert.deepEqual(seen.dialogs, [`alert: allowed (${origin}/)`]);
    assert.equal(seen.pageErrors.length, 1);
    assert.match(seen.pageErrors[0]!, /boom/);
    // Each blocked script twice: Chromium's console report and the page's event.
    assert.equal(seen.cspViolations.filter((v) => v.includes("Content Security Policy")).length, 2);
    assert.equal(
      seen.cspViolations.filter((v) => v.startsWith("securitypolicyviolation")).length,
      2,
    );
    assert.deepEqual(await scriptHooks(page), ["<img onerror>"]);
  });
});

Deno.test("no partner-written title or description runs a script in the browser", async () => {
  // Vectors hiding behind control characters never get in: the API refuses the text
  // (services/site/markdown_test.ts still renders them).
  const stored = MARKDOWN_XSS_VECTORS.filter((v) => !hasBadText(v.markdown));
  for (const v of MARKDOWN_XSS_VECTORS.filter((v) => hasBadText(v.markdown))) {
    const res = await partner.call(
      "POST",
      "/v1/partner/jobs",
      jobBody({ description: v.markdown }),
    );
    assert.equal(res.status, 422, v.name);
    assert.equal(res.body.errors[0].code, "invalid_characters", v.name);
  }
  const descriptions = await bulkCreate(
    stored.map((v) => jobBody({ title: `XSS ${v.name}`, description: v.markdown })),
  );
  const titles = await bulkCreate(TITLE_XSS_VECTORS.map((v) => jobBody({ title: v.title })));
  const pages = [
    ...stored.map((v, i) => ({ name: v.name, url: jobUrl(descriptions[i]!) })),
    ...TITLE_XSS_VECTORS.map((v, i) => ({ name: v.name, url: jobUrl(titles[i]!) })),
    ...TITLE_XSS_VECTORS.map((v, i) => ({ name: `${v.name} (ar)`, url: jobUrl(titles[i]!, "ar") })),
  ];
  await browser.inContext(async (page) => {
    const watch = await watchPage(page);
    const hooks: string[] = [];
    for (const { name, url } of pages) {
      const res = await page.goto(url);
      assert.equal(res?.status(), 200, name);
      for (const hook of await scriptHooks(page)) hooks.push(`${name}: ${hook}`);
    }
    // The feed shows every title and an excerpt of every description: all its pages.
    let feedPages = 0;
    for (let next: string | null = `${stack.siteUrl}/jobs`; next; feedPages++) {
      await page.goto(new URL(next, stack.siteUrl).href);
      for (const hook of await scriptHooks(page)) hooks.push(`feed: ${hook}`);
      const link = page.locator("a[rel=next]");
      next = await link.count() ? await link.getAttribute("href") : null;
    }
    assert.ok(feedPages >= 6, `${feedPages} feed pages`);
    assert.deepEqual(await watch.problems(), noProblems);
    assert.deepEqual(hooks, []);
  });
});
