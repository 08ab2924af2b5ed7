import assert from "node:assert/strict";
import { hybridVector } from "./hybrid_vector.ts";
import { dot, l2Normalize, norm } from "./vectors.ts";

const unit = (...xs: number[]) => l2Normalize(Float32Array.from(xs));
const weights = { dense: 0.4, lexical: 0.6 };

Deno.test("hybridVector is unit length and concatenates dense then lexical", () => {
  const v = hybridVector(unit(1, 0, 0), unit(0, 1), weights);
  assert.equal(v.length, 5);
  assert.ok(Math.abs(norm(v) - 1) < 1e-6);
  assert.ok(Math.abs(v[0]! - Math.sqrt(0.4)) < 1e-6);
  assert.ok(Math.abs(v[4]! - Math.sqrt(0.6)) < 1e-6);
});

Deno.test("hybridVector dot products are the weighted sum of the two cosines", () => {
  const [da, db] = [unit(1, 2, 3), unit(3, -1, 2)];
  const [la, lb] = [unit(1, 1, 0, 2), unit(0, 1, 1, -1)];
  const expected = 0.4 * dot(da, db) + 0.6 * dot(la, lb);
  assert.ok(
    Math.abs(dot(hybridVector(da, la, weights), hybridVector(db, lb, weights)) - expected) < 1e-6,
  );
});

Deno.test("hybridVector gives the dense half the whole length when there are no words", () => {
  const v = hybridVector(unit(1, 1), new Float32Array(3), weights);
  assert.ok(Math.abs(norm(v) - 1) < 1e-6);
  assert.deepEqual([...v.slice(2)], [0, 0, 0]);
});

Deno.test("l2Normalize leaves a zero vector at zero", () => {
  assert.deepEqual([...l2Normalize(new Float32Array(2))], [0, 0]);
});

Deno.test("dot refuses vectors of different lengths", () => {
  assert.throws(() => dot(new Float32Array(2), new Float32Array(3)), RangeError);
});
