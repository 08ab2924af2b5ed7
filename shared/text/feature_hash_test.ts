import assert from "node:assert/strict";
import { hashFeature, prefixedFeatureHash } from "./feature_hash.ts";

Deno.test("hashFeature is deterministic and pinned, so stored vectors stay comparable", () => {
  // Pinned values (checked against an independent Python port of FNV-1a + fmix32): a change
  // here silently invalidates every stored local vector.
  assert.equal(hashFeature(""), 2_872_998_923);
  assert.equal(hashFeature("w:nurse"), 3_964_195_745);
  assert.equal(hashFeature("w:ممرض"), 4_242_483_413);
  assert.equal(hashFeature("w:ممرض"), hashFeature("w:ممرض"));
  assert.notEqual(hashFeature("3:<مم"), hashFeature("3:مم>"));
});

Deno.test("prefixedFeatureHash hashes prefix and rest as hashFeature hashes them joined", () => {
  const threeGram = prefixedFeatureHash("3:");
  for (const rest of ["", "abc", "<مم", "مم>", "😀a", "\ud83d"]) {
    assert.equal(threeGram(rest), hashFeature(`3:${rest}`), rest);
  }
  assert.equal(prefixedFeatureHash("")("w:nurse"), 3_964_195_745);
});
