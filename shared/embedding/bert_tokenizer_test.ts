import assert from "node:assert/strict";
import { testModelDir } from "@hire/testing/model.ts";
import { createBertTokenizer, cutAfterWords } from "./bert_tokenizer.ts";
import { modelPath, TOKENIZER_FILE } from "./model_files.ts";

const json = JSON.parse(await Deno.readTextFile(modelPath(await testModelDir(), TOKENIZER_FILE)));
const CLS = 101;
const SEP = 102;

Deno.test("encode lower-cases, strips accents and adds [CLS] and [SEP]", () => {
  const tok = createBertTokenizer(json, 256);
  // Ids of the upstream BERT uncased vocabulary.
  assert.deepEqual(tok.encode("Hello World! Café"), [CLS, 7592, 2088, 999, 7668, SEP]);
});

Deno.test("encode truncates to maxTokens, keeping [SEP] last", () => {
  const tok = createBertTokenizer(json, 8);
  const ids = tok.encode("nurse ".repeat(50));
  assert.equal(ids.length, 8);
  assert.equal(ids[0], CLS);
  assert.equal(ids[7], SEP);
});

Deno.test("padBatch pads every row to the longest with [PAD] and mask 0", () => {
  const tok = createBertTokenizer(json, 256);
  const b = tok.padBatch(["nurse", "icu staff nurse riyadh"].map(tok.encode));
  assert.equal(b.size, 2);
  const long = tok.encode("icu staff nurse riyadh").length;
  assert.equal(b.length, long);
  assert.deepEqual([...b.inputIds.slice(0, 3)].map(Number), [CLS, tok.encode("nurse")[1], SEP]);
  assert.ok([...b.inputIds.slice(3, long)].every((x) => x === 0n));
  assert.deepEqual([...b.attentionMask.slice(0, long)].map(Number), [
    1,
    1,
    1,
    ...Array(long - 3).fill(0),
  ]);
  assert.ok(b.attentionMask.slice(long).every((x) => x === 1n));
  assert.ok(b.tokenTypeIds.every((x) => x === 0n));
});

Deno.test("cutAfterWords keeps the first words and their spacing", () => {
  assert.equal(cutAfterWords("ICU  nurse,\tRiyadh night shifts", 3), "ICU  nurse,\tRiyadh");
  assert.equal(cutAfterWords("short text", 16), "short text");
});

Deno.test("encode reads a long text's first tokens as if it had tokenised all of it", () => {
  const whole = createBertTokenizer(json, 100_000);
  const texts = [
    "Registered nurse, ICU; five years at King Faisal Specialist Hospital ".repeat(40),
    "مطلوب ممرضة عناية مركزة للعمل في الرياض. خبرة لا تقل عن ثلاث سنوات ".repeat(40),
  ];
  for (const maxTokens of [8, 32, 256]) {
    const tok = createBertTokenizer(json, maxTokens);
    for (const text of texts) {
      const all = whole.encode(text);
      assert.deepEqual(tok.encode(text), [...all.slice(0, maxTokens - 1), SEP]);
    }
  }
});

Deno.test("encode reads further when the first words give too few tokens", () => {
  // Words of control characters only: the normaliser drops them, so they give no token.
  const text = `${"\u0001 ".repeat(10)}${"nurse ".repeat(40)}`;
  const ids = createBertTokenizer(json, 16).encode(text);
  assert.equal(ids.length, 16);
  assert.deepEqual(ids, [...createBertTokenizer(json, 100_000).encode(text).slice(0, 15), SEP]);
});
