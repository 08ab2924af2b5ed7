import assert from "node:assert/strict";
import { LEXICAL_DIMENSIONS, lexicalFeatures, lexicalVector } from "./lexical_features.ts";
import { hashFeature } from "@hire/text";
import { dot, l2Normalize, norm } from "./vectors.ts";

Deno.test("lexicalFeatures holds words and boundary-marked 3- and 4-grams", () => {
  const f = lexicalFeatures("ممرضة");
  assert.deepEqual(
    [...f.keys()].sort(),
    ["w:ممرض", "3:<مم", "3:ممر", "3:مرض", "3:رض>", "4:<ممر", "4:ممرض", "4:مرض>"].sort(),
  );
  assert.equal(f.get("w:ممرض"), 2);
});

Deno.test("lexicalFeatures makes numbers whole words only", () => {
  assert.deepEqual([...lexicalFeatures("٢٠٢٥").keys()], ["w:2025"]);
});

Deno.test("lexicalVector has unit length and the default size", () => {
  for (const text of ["مطلوب ممرضة في الرياض", "ICU nurse, Riyadh", "x", "ممرضة ICU"]) {
    const v = lexicalVector(text);
    assert.equal(v.length, LEXICAL_DIMENSIONS);
    assert.ok(Math.abs(norm(v) - 1) < 1e-6, text);
  }
  assert.equal(lexicalVector("x", 64).length, 64);
});

Deno.test("lexicalVector is all zeros for a text without words", () => {
  assert.ok(lexicalVector(" ... ؟ ").every((x) => x === 0));
});

Deno.test("lexicalVector is the same for spelling variants of one Arabic text", () => {
  const a = lexicalVector("مُمَرِّضَة في المستشفى");
  const b = lexicalVector("ممرضه فى المستشفي");
  assert.ok(dot(a, b) > 0.9999);
});

Deno.test("lexicalVector scores a same-meaning Arabic pair above an unrelated one", () => {
  const job = lexicalVector("مطلوب ممرضة للعمل في قسم العناية المركزة بمستشفى في الرياض");
  const nurse = lexicalVector("ممرضة عناية مركزة ذات خبرة خمس سنوات في مستشفيات الرياض");
  const driver = lexicalVector("سائق توصيل لديه رخصة قيادة سعودية سارية ويعرف شوارع الدمام");
  assert.ok(dot(job, nurse) - dot(job, driver) > 0.3);
});

Deno.test("lexicalVector is its features hashed by name, bit for bit, so stored vectors stay valid", () => {
  const byName = (text: string) => {
    const v = new Float32Array(LEXICAL_DIMENSIONS);
    for (const [name, weight] of lexicalFeatures(text)) {
      const h = hashFeature(name);
      v[(h & 0x7fffffff) % LEXICAL_DIMENSIONS]! += h >>> 31 ? -weight : weight;
    }
    return l2Normalize(v);
  };
  for (
    const text of [
      "مطلوب ممرضة للعمل في قسم العناية المركزة بمستشفى في الرياض، خبرة ٥ سنوات",
      "Senior nurse nurse nurse, ICU, Riyadh 2025 — nursing, nurses",
      "w: a:b 3:abc <x> ممرضات وممرضون",
      "😀 emoji 𝑚𝑎𝑡ℎ, café, Straße",
    ]
  ) {
    assert.deepEqual(lexicalVector(text), byName(text), text);
  }
});
