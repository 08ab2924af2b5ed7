import assert from "node:assert/strict";
import { benchSettings } from "./embeddings.ts";
import { verdict } from "./embeddings_main.ts";
import { jobPostings } from "../common/postings.ts";

Deno.test("jobPostings are the same for a seed and as long as real postings", () => {
  const texts = jobPostings(256);
  assert.deepEqual(jobPostings(256), texts);
  const lengths = texts.map((t) => t.length);
  assert.ok(Math.min(...lengths) >= 500, `shortest ${Math.min(...lengths)}`);
  assert.ok(Math.max(...lengths) >= 1500, `longest ${Math.max(...lengths)}`);
  const arabic = texts.filter((t) => /[\u0600-\u06FF]/.test(t)).length / texts.length;
  assert.ok(arabic > 0.5 && arabic < 0.8, `Arabic share ${arabic}`);
  // A title line first, as the service joins title and description.
  for (const t of texts) assert.ok(t.indexOf("\n") > 0 && t.indexOf("\n") < 120);
});

Deno.test("benchSettings measures the first model-token limit at every setting, the others once per thread count", () => {
  const settings = benchSettings({
    modelTokens: [32, 256],
    threads: [1, 2],
    batchSizes: [1, 32],
    tokenBudgets: [512, null],
  });
  const key = (s: (typeof settings)[number]) =>
    `${s.modelTokens}/${s.threads}/${s.batchSize}/${s.maxBatchTokens}`;
  assert.deepEqual(settings.map(key), [
    "32/1/1/512",
    "32/1/32/512",
    "32/1/32/null",
    "256/1/32/512",
    "32/2/1/512",
    "32/2/32/512",
    "32/2/32/null",
    "256/2/32/512",
  ]);
});

Deno.test("verdict compares the default limit's best run with the whole window's and the target", () => {
  const run = (modelTokens: number, embeddingsPerSec: number) => ({
    modelTokens,
    threads: 1,
    batchSize: 32,
    maxBatchTokens: 512,
    texts: 256,
    embeddingsPerSec,
    medianPerSec: embeddingsPerSec,
    loadBefore: 0,
    loadAfter: 0,
  });
  const result = (runs: ReturnType<typeof run>[]) => ({
    provider: "p",
    dimensions: 1,
    texts: { count: 256, arabicShare: 0.6, meanChars: 1200, minChars: 700, maxChars: 2000 },
    repeats: 3,
    runs,
    lexicalOnlyPerSec: 1,
    bridgeOnlyPerSec: 1,
  });
  const met = verdict(result([run(32, 250), run(32, 320), run(256, 40)])).join("\n");
  assert.match(met, /320 texts\/s against the target of 300: \*\*met\*\*/);
  assert.match(met, /40 texts\/s at best, so the limit is 8\.0× as fast/);
  assert.match(verdict(result([run(32, 299)])).join("\n"), /\*\*missed\*\*/);
});
