import assert from "node:assert/strict";
import { createRecogniser } from "./recognise.ts";
import { TEST_VOCABULARY } from "./test_vocabulary.ts";

const { recognise } = createRecogniser(TEST_VOCABULARY);

Deno.test("recognise reads the same occupation, specialty and skills in English and Arabic", () => {
  const en = recognise("ICU Staff Nurse\nBLS certified, 5 years in critical care");
  const ar = recognise("ممرضة عناية مركزة\nالإنعاش القلبي الرئوي الأساسي، خبرة ٥ سنوات");
  assert.deepEqual(en, { occupation: "nurse", specialty: "icu", seniority: 2, skills: ["bls"] });
  assert.deepEqual(ar, en);
});

Deno.test("recognise lets the longest phrase win: a nursery teacher is not a nurse", () => {
  assert.equal(
    recognise("Nursery Teacher\nCaring for nurses' children").occupation,
    "early_childhood_teacher",
  );
  assert.equal(recognise("معلمة روضة\nتمريض").occupation, "early_childhood_teacher");
});

Deno.test("recognise takes the occupation from the title before the text", () => {
  // A barista whose coffee is Java is still a barista; the skill is kept, as a skill.
  const barista = recognise("Barista\nJava and espresso, developer of new blends");
  assert.equal(barista.occupation, "barista");
  assert.deepEqual(barista.skills, ["java"]);
  // No occupation in the title: the text's most named one.
  assert.equal(
    recognise("Looking for a new role\nRegistered nurse; nurse on wards; worked with a chef")
      .occupation,
    "nurse",
  );
  assert.equal(recognise("Join our team\nWe are a friendly company").occupation, undefined);
});

Deno.test("recognise folds plurals, Arabic forms and case", () => {
  assert.equal(recognise("NURSES wanted").occupation, "nurse");
  assert.equal(recognise("مطلوب ممرضات").occupation, "nurse");
  assert.equal(recognise("المبرمجين").occupation, "software_developer");
});

Deno.test("recognise reads seniority from title words, else from stated years", () => {
  assert.equal(recognise("Commis Chef").seniority, 1);
  assert.equal(recognise("Sous Chef").seniority, 3);
  assert.equal(recognise("Chef de Partie").seniority, 2);
  assert.equal(recognise("Senior Backend Developer").seniority, 3);
  assert.equal(recognise("طباخ متدرب").seniority, 0);
  assert.equal(recognise("مبرمج أول").seniority, 3);
  assert.equal(recognise("Developer\n12 years of Java").seniority, 3);
  assert.equal(recognise("مبرمج\nخبرة سنتين").seniority, 1);
  assert.equal(recognise("Developer\nbuilding APIs").seniority, 2);
});

Deno.test("recognise names a specialty only of the recognised occupation", () => {
  assert.equal(recognise("Backend Developer\nPython").specialty, "backend");
  assert.equal(recognise("Chef\nintensive care of sauces").specialty, undefined);
});

Deno.test("recognise takes the occupation from a specialty only one occupation has", () => {
  // "intensive care" belongs to nurse alone in the test vocabulary.
  assert.deepEqual(recognise("Intensive Care Specialist"), {
    occupation: "nurse",
    specialty: "icu",
    seniority: 2,
    skills: [],
  });
  // The title's specialty comes before an occupation the text names.
  assert.equal(recognise("Critical Care Specialist\nworking with a chef").occupation, "nurse");
  // One word says too little ("ICU Specialist" could be anyone's), and subjects and fields of
  // study are no occupation: a graduate of mathematics is not a mathematics teacher.
  assert.equal(recognise("ICU Specialist").occupation, undefined);
  assert.equal(recognise("Backend Specialist").occupation, undefined);
  assert.equal(recognise("Mathematics graduate").occupation, undefined);
  // An occupation named wins.
  assert.equal(recognise("Barista\nmathematics").occupation, "barista");
});
