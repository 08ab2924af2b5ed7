import assert from "node:assert/strict";
import { expandTitle, foldPlural, phraseTokens } from "./phrase_tokens.ts";

Deno.test("foldPlural folds regular English plurals only", () => {
  assert.equal(foldPlural("nurses"), "nurse");
  assert.equal(foldPlural("technologies"), "technology");
  assert.equal(foldPlural("business"), "business");
  assert.equal(foldPlural("bus"), "bus");
  assert.equal(foldPlural("ممرضات"), "ممرضات");
});

Deno.test("expandTitle joins gender-inclusive endings and spells out م. for engineer", () => {
  assert.equal(expandTitle("مدرب/ة قيادة"), "مدرب قيادة");
  assert.equal(expandTitle("معلم (ة) رياضيات"), "معلم رياضيات");
  assert.equal(expandTitle("م. مدني / مشرف مشاريع"), "مهندس مدني / مشرف مشاريع");
  assert.equal(expandTitle("م/ كهرباء"), "مهندس كهرباء");
  // A م inside a word is left alone.
  assert.equal(expandTitle("معلم."), "معلم.");
  assert.deepEqual(phraseTokens("مدرب/ة قيادة"), phraseTokens("مدرب قيادة"));
});
