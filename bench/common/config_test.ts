import assert from "node:assert/strict";
import { flag, wholeNumbers } from "./config.ts";

Deno.test("a switch is on for 1, off for 0 or unset, and refuses anything else", () => {
  const name = "BENCH_CONFIG_TEST_SWITCH";
  try {
    Deno.env.delete(name);
    assert.equal(flag(name), false);
    Deno.env.set(name, "0");
    assert.equal(flag(name), false);
    Deno.env.set(name, "1");
    assert.equal(flag(name), true);
    Deno.env.set(name, "yes");
    assert.throws(() => flag(name), /BENCH_CONFIG_TEST_SWITCH must be 1 or 0, not yes/);
  } finally {
    Deno.env.delete(name);
  }
});

Deno.test("a list of whole numbers falls back when unset and refuses fractions, words and ones below its least", () => {
  const name = "BENCH_CONFIG_TEST_COUNTS";
  try {
    Deno.env.delete(name);
    assert.deepEqual(wholeNumbers(name, "0,1000"), [0, 1000]);
    Deno.env.set(name, "2,8000");
    assert.deepEqual(wholeNumbers(name, "0,1000", 2), [2, 8000]);
    for (const bad of ["1.5", "ten", "5,", "1"]) {
      Deno.env.set(name, bad);
      assert.throws(
        () => wholeNumbers(name, "0,1000", 2),
        /BENCH_CONFIG_TEST_COUNTS must be a list of whole numbers from 2, such as 0,1000/,
        bad,
      );
    }
  } finally {
    Deno.env.delete(name);
  }
});
