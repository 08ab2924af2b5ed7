import assert from "node:assert/strict";
import { lightStem, normaliseText, terms } from "./arabic_text.ts";

Deno.test("normaliseText strips tashkeel and tatweel", () => {
  assert.equal(normaliseText("مُمَرِّضَةٌ"), "ممرضه");
  assert.equal(normaliseText("مـــطـلـوب"), "مطلوب");
  assert.equal(normaliseText("الْقُرْآنُ"), "القران");
});

Deno.test("normaliseText unifies alef forms, alef maksura and teh marbuta", () => {
  assert.equal(normaliseText("أحمد إدارة آمنة ٱلعمل"), "احمد اداره امنه العمل");
  assert.equal(normaliseText("مستشفى على"), "مستشفي علي");
  assert.equal(normaliseText("ممرضة"), normaliseText("ممرضه"));
});

Deno.test("normaliseText turns Arabic-Indic and Persian digits into ASCII", () => {
  assert.equal(normaliseText("خبرة ٥ سنوات، راتب ١٢٠٠٠"), "خبره 5 سنوات، راتب 12000");
  assert.equal(normaliseText("۰۱۲۳۴۵۶۷۸۹"), "0123456789");
});

Deno.test("normaliseText folds presentation forms, Persian letters, Latin case and accents", () => {
  assert.equal(normaliseText("ﻻ"), "لا");
  assert.equal(normaliseText("کاشیر"), "كاشير");
  assert.equal(normaliseText("Café RÉSUMÉ"), "cafe resume");
});

Deno.test("lightStem takes the article, proclitics and suffixes off Arabic words only", () => {
  assert.equal(lightStem("المستشفي"), "مستشفي");
  assert.equal(lightStem("بالمستشفي"), "مستشفي");
  assert.equal(lightStem("مستشفيات"), "مستشفي");
  assert.equal(lightStem("ممرضه"), "ممرض");
  assert.equal(lightStem("ممرضات"), "ممرض");
  assert.equal(lightStem("للعمل"), "عمل");
  assert.equal(lightStem("لصيانه"), lightStem("الصيانه"));
  assert.equal(lightStem("وتبريد"), "تبريد");
  // Short words keep letters that only look like proclitics.
  assert.equal(lightStem("فني"), "فني");
  assert.equal(lightStem("بيع"), "بيع");
  assert.equal(lightStem("nurses"), "nurses");
});

Deno.test("lightStem keeps Riyadh and mathematics apart", () => {
  assert.notEqual(lightStem("الرياض"), lightStem("رياضيات"));
});

Deno.test("terms drops stop words and job-post boilerplate, also behind a proclitic", () => {
  assert.deepEqual(terms("مطلوب ممرضة للعمل في الرياض وخبرة"), ["ممرض", "رياض"]);
  assert.deepEqual(terms("Nurse needed in Riyadh with 5 years of experience"), [
    "nurse",
    "riyadh",
    "5",
  ]);
  assert.deepEqual(terms(" ،.! "), []);
});

Deno.test("terms can keep first letters and strip suffixes to the end, for titles", () => {
  const titles = { oneLetterProclitics: false, repeatSuffixes: true };
  assert.deepEqual(terms("مهندس البرمجيات", titles), terms("مهندس برمجيات", titles));
  assert.deepEqual(terms("فنيين كهرباء", titles), terms("فني كهرباء", titles));
  assert.deepEqual(terms("دهانين", titles), terms("دهان", titles));
  // The defaults are unchanged: the lexical vectors depend on them.
  assert.notDeepEqual(terms("مهندس البرمجيات"), terms("مهندس برمجيات"));
});
