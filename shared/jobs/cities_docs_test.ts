import assert from "node:assert/strict";
import { KSA_CITIES } from "./cities.ts";

Deno.test("docs/api.md lists every canonical city and states their number", async () => {
  const doc = (await Deno.readTextFile(new URL("../../docs/api.md", import.meta.url)))
    .replace(/\s+/g, " ");
  assert.match(doc, new RegExp(`\\(${KSA_CITIES.length} cities,`));
  const missing = KSA_CITIES.filter((c) => !doc.includes(`${c},`) && !doc.includes(`${c}.`));
  assert.deepEqual(missing, []);
});
