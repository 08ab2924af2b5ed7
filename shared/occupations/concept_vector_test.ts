import assert from "node:assert/strict";
import {
  BRIDGE_DIMENSIONS,
  conceptSlots,
  createConceptSpace,
  crossBlockMaxScore,
  DEFAULT_BRIDGE_WEIGHTS,
  OCCUPATION_SLOTS,
  occupationBlock,
  SKILL_DIMENSIONS,
} from "./concept_vector.ts";
import fc from "fast-check";
import type { SeniorityLevel } from "./seniority.ts";
import { hashFeature } from "@hire/text";
import type { Profile } from "./recognise.ts";
import { TEST_VOCABULARY } from "./test_vocabulary.ts";

const space = createConceptSpace(TEST_VOCABULARY);
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};
const T1 = unit(1, 0, 0);
const T2 = unit(0, 1, 0);
const p = (x: Partial<Profile>): Profile => ({ seniority: 2, skills: [], ...x });
const score = (a: Profile, b: Profile, ta = T1, tb = T2) =>
  dot(space.vector(a, ta), space.vector(b, tb));

Deno.test("bridged vectors are unit length and BRIDGE_DIMENSIONS longer", () => {
  for (const prof of [p({}), p({ occupation: "nurse", specialty: "icu", skills: ["bls"] })]) {
    const v = space.vector(prof, T1);
    assert.equal(v.length, BRIDGE_DIMENSIONS + 3);
    assert.ok(Math.abs(Math.hypot(...v) - 1) < 1e-6);
  }
});

Deno.test("every bridged vector has a direction, even when a skill shares the occupation's bucket", () => {
  // A skill whose feature lands in the occupation feature's bucket with the opposite sign
  // bit: a signed hash would cancel the block to zero.
  const bucket = (f: string) => hashFeature(f) % SKILL_DIMENSIONS;
  const own = hashFeature("o:nurse");
  let i = 0;
  while (
    bucket(`s:skill_${i}`) !== bucket("o:nurse") ||
    (hashFeature(`s:skill_${i}`) >>> 31) === (own >>> 31)
  ) i++;
  const v = space.vector(p({ occupation: "nurse", skills: [`skill_${i}`] }), T1);
  assert.ok(v.every(Number.isFinite));
  assert.ok(Math.abs(Math.hypot(...v) - 1) < 1e-6);
});

Deno.test("the same occupation clears 0.6 with nothing else in common; others stay far below", () => {
  const nurseIcu = p({ occupation: "nurse", specialty: "icu", seniority: 0 });
  const nurseMed = p({ occupation: "nurse", specialty: "med_surg", seniority: 3 });
  const sameWorst = score(nurseIcu, nurseMed, T1, unit(-0.1, 1, 0));
  assert.ok(sameWorst > 0.62, `${sameWorst}`);
  const teacher = p({ occupation: "early_childhood_teacher", seniority: 0 });
  const otherBest = score(nurseIcu, teacher, T1, T1);
  assert.ok(otherBest < 0.36, `${otherBest}`);
});

Deno.test("specialty, seniority and skills move the score within an occupation", () => {
  const job = p({ occupation: "nurse", specialty: "icu", seniority: 2, skills: ["bls"] });
  const exact = score(job, { ...job });
  const noSpecialty = score(job, p({ occupation: "nurse", seniority: 2, skills: ["bls"] }));
  const otherSpecialty = score(job, { ...job, specialty: "med_surg" });
  const farSeniority = score(job, { ...job, seniority: 0 });
  const noSkills = score(job, { ...job, skills: [] });
  assert.ok(exact > noSpecialty && noSpecialty > otherSpecialty);
  assert.ok(exact > farSeniority && exact > noSkills);
  // Occupation share × √0.9 and × 0.9, as documented.
  const wo = DEFAULT_BRIDGE_WEIGHTS.occupation;
  assert.ok(Math.abs(exact - noSpecialty - wo * (1 - Math.sqrt(0.9))) < 1e-6);
  assert.ok(Math.abs(exact - otherSpecialty - wo * 0.1) < 1e-6);
});

Deno.test("specialties that are different jobs do not match each other or the unnamed one", () => {
  const english = p({ occupation: "school_teacher", specialty: "english" });
  const maths = p({ occupation: "school_teacher", specialty: "mathematics" });
  const unnamed = p({ occupation: "school_teacher" });
  assert.ok(score(english, maths, T1, T1) < 0.36);
  assert.ok(score(english, unnamed, T1, T1) < 0.36);
  assert.ok(score(english, { ...english }) > 0.8);
});

Deno.test("an unknown occupation keeps its text vector alone", () => {
  const unknown = space.vector(p({}), T1);
  assert.ok(Math.abs(dot(unknown, space.vector(p({}), T1)) - 1) < 1e-6);
  const known = space.vector(p({ occupation: "nurse" }), T1);
  assert.ok(Math.abs(dot(unknown, known) - Math.sqrt(DEFAULT_BRIDGE_WEIGHTS.text)) < 1e-6);
});

Deno.test("concept slots are stable: sorted ids, then specialties that are jobs, then places", () => {
  const slots = conceptSlots(TEST_VOCABULARY);
  assert.equal(slots.get("barista"), 0);
  assert.equal(slots.get("school_teacher"), 4);
  assert.equal(slots.get("school_teacher/english"), 6);
  assert.equal(slots.get("nurse/icu"), OCCUPATION_SLOTS);
  assert.equal(slots.get("nurse/med_surg"), OCCUPATION_SLOTS + 1);
  assert.equal(slots.get("software_developer/backend"), OCCUPATION_SLOTS);
  assert.throws(() =>
    createConceptSpace(TEST_VOCABULARY, { occupation: 1, seniority: 1, skills: 0, text: 0 })
  );
});

const occupationIds = TEST_VOCABULARY.flatMap((s) => s.occupations);
const profiles: fc.Arbitrary<Profile> = fc.oneof(
  fc.record({
    seniority: fc.constantFrom<SeniorityLevel[]>(0, 1, 2, 3),
    skills: fc.constant<string[]>([]),
  }),
  fc.constantFrom(...occupationIds).chain((o) =>
    fc.record({
      occupation: fc.constant(o.id),
      specialty: fc.constantFrom(undefined, ...(o.specialties ?? []).map((s) => s.id)),
      seniority: fc.constantFrom<SeniorityLevel[]>(0, 1, 2, 3),
      skills: fc.subarray(["bls", "acls", "typescript", "sql", "latte_art", "phonics"]),
    })
  ),
);
const texts = fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 3, maxLength: 3 })
  .filter((xs) => Math.hypot(...xs) > 0.1).map((xs) => unit(...xs));

Deno.test("vectors of two blocks never score above crossBlockMaxScore; the block is the occupation's slot", () => {
  const slots = conceptSlots(TEST_VOCABULARY);
  const bound = crossBlockMaxScore();
  assert.ok(bound > 0.41 && bound < 0.42, `the default weights' bound is about 0.415: ${bound}`);
  fc.assert(
    fc.property(profiles, profiles, texts, texts, (a, b, ta, tb) => {
      const [va, vb] = [space.vector(a, ta), space.vector(b, tb)];
      const block = (prof: Profile, v: Float32Array) => {
        const own = prof.specialty === undefined
          ? undefined
          : slots.get(`${prof.occupation}/${prof.specialty}`);
        const expected = prof.occupation === undefined
          ? -1
          : own !== undefined && own < OCCUPATION_SLOTS
          ? own
          : slots.get(prof.occupation)!;
        assert.equal(occupationBlock(v), expected);
      };
      block(a, va);
      block(b, vb);
      if (occupationBlock(va) !== occupationBlock(vb)) {
        assert.ok(dot(va, vb) <= bound + 1e-6, `${JSON.stringify([a, b])}: ${dot(va, vb)}`);
      }
    }),
    { numRuns: 2000 },
  );
});

Deno.test("a vector moved a little keeps its block; one without an occupation stays without", () => {
  const noisy = (v: Float32Array, seed: number) =>
    v.map((x, i) => x + 0.02 * Math.sin(seed * 7919 + i * 104729));
  for (const [seed, prof] of [p({ occupation: "nurse", specialty: "icu" }), p({})].entries()) {
    const v = space.vector(prof, T1);
    assert.equal(occupationBlock(noisy(v, seed)), occupationBlock(v));
  }
  assert.equal(occupationBlock(space.vector(p({}), T1)), -1);
  assert.equal(occupationBlock(noisy(space.vector(p({}), T1), 3)), -1);
});

Deno.test("two specialties sharing a place across occupations come closest to the bound", () => {
  // nurse/icu and software_developer/backend both sit at specialty place 0: the case that
  // makes the bound 0.415 rather than 0.35.
  const seniority: SeniorityLevel = 2;
  const a = space.vector(
    p({ occupation: "nurse", specialty: "icu", seniority, skills: ["x"] }),
    T1,
  );
  const b = space.vector(
    p({ occupation: "software_developer", specialty: "backend", seniority, skills: ["x"] }),
    T1,
  );
  assert.notEqual(occupationBlock(a), occupationBlock(b));
  assert.ok(dot(a, b) > 0.35 + 0.06, `${dot(a, b)}`);
  assert.ok(dot(a, b) <= crossBlockMaxScore() + 1e-6);
  assert.equal(
    crossBlockMaxScore({ occupation: 0.2, seniority: 0, skills: 0, text: 0.8 }),
    Math.sqrt(0.8),
  );
});
