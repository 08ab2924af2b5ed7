/**
 * The shipped vocabulary's integrity and its reading of real titles. The titles below
 * are the review's checklist: each is a case a change to the data must not break.
 */
import assert from "node:assert/strict";
import { conceptSlots, SPECIALTY_SLOTS } from "./concept_vector.ts";
import { phraseTokens } from "./phrase_tokens.ts";
import { createRecogniser } from "./recognise.ts";
import { VOCABULARY } from "./vocabulary.ts";

const occupations = VOCABULARY.flatMap((s) => s.occupations);

Deno.test("the vocabulary covers every sector with at least 100 occupations in both languages", () => {
  assert.equal(new Set(VOCABULARY.map((s) => s.sector)).size, 10);
  assert.ok(occupations.length >= 100, `${occupations.length} occupations`);
  for (const o of occupations) {
    assert.match(o.id, /^[a-z][a-z0-9_]*$/);
    assert.match(o.isco, /^\d{4}(\/\d{4})*$/, o.id);
    assert.ok(o.en.length >= 3 && o.ar.length >= 3, `${o.id} needs titles in both languages`);
    assert.ok((o.specialties ?? []).length <= SPECIALTY_SLOTS, `${o.id} has too many specialties`);
  }
  assert.equal(new Set(occupations.map((o) => o.id)).size, occupations.length, "ids unique");
  const skills = VOCABULARY.flatMap((s) => s.skills.map((k) => k.id));
  assert.equal(new Set(skills).size, skills.length, "skill ids unique");
  conceptSlots(VOCABULARY); // throws when the slots do not fit
});

Deno.test("every title reads as one occupation only", () => {
  const owner = new Map<string, string>();
  const clashes: string[] = [];
  for (const o of occupations) {
    for (const title of [...o.en, ...o.ar]) {
      const key = phraseTokens(title).join(" ");
      if (key === "") clashes.push(`${o.id}: "${title}" has no words left`);
      const prev = owner.get(key);
      if (prev !== undefined && prev !== o.id) clashes.push(`"${title}": ${prev} and ${o.id}`);
      owner.set(key, o.id);
    }
  }
  assert.deepEqual(clashes, []);
});

const { recognise } = createRecogniser(VOCABULARY);
const read = (title: string) => {
  const p = recognise(title);
  return p.occupation === undefined
    ? undefined
    : [p.occupation, p.specialty].filter(Boolean).join("/");
};

Deno.test("the same job reads the same in English and Arabic", () => {
  const pairs: [string, string][] = [
    ["ICU Staff Nurse", "ممرضة عناية مركزة"],
    ["Registered Nurse", "ممرض قانوني"],
    ["Pharmacist", "صيدلانية"],
    ["Accountant", "محاسب"],
    ["Civil Engineer", "مهندس مدني"],
    ["Electrician", "فني كهرباء"],
    ["Heavy Truck Driver", "سائق شاحنة"],
    ["Cashier", "كاشير"],
    ["Barista", "باريستا"],
    ["Backend Developer", "مطور واجهات خلفية"],
    ["HVAC Technician", "فني تكييف"],
    ["Storekeeper", "أمين مستودع"],
  ];
  for (const [en, ar] of pairs) {
    const a = recognise(en).occupation;
    assert.ok(a !== undefined, `${en} is not recognised`);
    assert.equal(recognise(ar).occupation, a, `${en} / ${ar}`);
  }
});

Deno.test("near-miss titles read as their own occupation", () => {
  const different: [string, string][] = [
    ["Nursery Teacher", "Nurse"],
    ["معلمة روضة", "ممرضة"],
    ["Pharmacy Cashier", "Pharmacist"],
    ["Medical Sales Representative", "Physician"],
    ["Sales Engineer", "Civil Engineer"],
    ["Driving Instructor", "Driver"],
    ["Security Guard", "Cybersecurity Analyst"],
    ["Veterinary Nurse", "Nurse"],
    ["Nursing Lecturer", "Nurse"],
    ["ISO Lead Auditor", "External Auditor"],
    ["NDT Technician", "Welding Inspector"],
    ["Landscape Architect", "Architect"],
    ["Security Supervisor", "Safety Officer"],
    ["Forklift Mechanic", "Forklift Operator"],
  ];
  for (const [a, b] of different) {
    assert.ok(read(a) !== undefined, `${a} is not recognised`);
    assert.notEqual(recognise(a).occupation, recognise(b).occupation, `${a} vs ${b}`);
  }
  assert.equal(
    recognise("Barista\nJava coffee, espresso").occupation,
    recognise("Barista").occupation,
  );
});

Deno.test("ranks and specialties stay within their occupation", () => {
  const same: [string, string][] = [
    ["Commis Chef", "Chef de Partie"],
    ["Staff Nurse – Medical/Surgical", "ICU Nurse"],
    ["Python Backend Developer", "Java Backend Developer"],
    ["Light Vehicle Driver", "Heavy Truck Driver"],
    ["Room Attendant", "Executive Housekeeper"],
    ["Plumber", "رئيس عمال سباكة"],
    ["Secretary", "Executive Assistant"],
  ];
  for (const [a, b] of same) {
    assert.ok(read(a) !== undefined, `${a} is not recognised`);
    assert.equal(recognise(a).occupation, recognise(b).occupation, `${a} vs ${b}`);
  }
});
