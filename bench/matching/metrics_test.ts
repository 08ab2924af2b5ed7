import assert from "node:assert/strict";
import type { EvalSet } from "./eval_set.ts";
import { truePairs } from "./eval_set.ts";
import { measure, pairKey } from "./metrics.ts";

const job = (key: string, lang: "en" | "ar", occupation: string, city = "Riyadh") => ({
  key,
  lang,
  occupation,
  title: key,
  description: "",
  city,
  employment_type: "full_time" as const,
});
const seeker = (
  key: string,
  lang: "en" | "ar",
  occupation: string,
  over: { city?: string; types?: ("full_time" | "part_time")[] } = {},
) => ({
  key,
  lang,
  occupation,
  headline: key,
  skills: [],
  summary: "",
  city: over.city ?? "Riyadh",
  employment_types: over.types ?? ["full_time" as const],
});

const SET: EvalSet = {
  jobs: [job("j1", "en", "nurse"), job("j2", "ar", "nurse")],
  seekers: [
    seeker("s1", "en", "nurse"),
    seeker("s2", "ar", "nurse"),
    seeker("s3", "en", "teacher"),
    seeker("s4", "en", "nurse", { city: "Jeddah" }),
    seeker("s5", "ar", "nurse", { types: ["part_time"] }),
  ],
};

Deno.test("truePairs applies the rule: same label, same city, compatible type", () => {
  assert.deepEqual(
    [...truePairs(SET)].sort(),
    ["j1→s1", "j1→s2", "j2→s1", "j2→s2"],
  );
});

Deno.test("measure counts per language pair, job language first", () => {
  const m = measure(SET, new Set([pairKey("j1", "s1"), pairKey("j1", "s3"), pairKey("j2", "s2")]));
  assert.deepEqual(
    [m.all.truePositives, m.all.falsePositives, m.all.falseNegatives],
    [2, 1, 2],
  );
  assert.equal(m.all.precision, 2 / 3);
  assert.equal(m.all.recall, 0.5);
  assert.equal(m.byPair["en→en"].precision, 0.5);
  assert.equal(m.byPair["ar→ar"].recall, 1);
  assert.equal(m.byPair["ar→en"].recall, 0);
  assert.equal(m.byPair["en→ar"].falseNegatives, 1);
  // Nothing predicted in a pair: precision is undefined, not 1.
  assert.ok(Number.isNaN(m.byPair["ar→en"].precision));
});
