import assert from "node:assert/strict";
import { testModelDir } from "@hire/testing/model.ts";
import { createBertTokenizer, cutForTokens } from "./bert_tokenizer.ts";
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

Deno.test("cutForTokens keeps enough text for the first maxTokens tokens", () => {
  const tok = createBertTokenizer(json, 16);
  const text = "Registered nurse, ICU; five years at King Faisal Specialist Hospital ".repeat(40);
  assert.ok(cutForTokens(text, 16).length < text.length);
  assert.deepEqual(tok.encode(text), createBertTokenizer(json, 16).encode(cutForTokens(text, 16)));
  assert.equal(cutForTokens("short text", 16), "short text");
});
