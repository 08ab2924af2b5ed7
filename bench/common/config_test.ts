import assert from "node:assert/strict";
import { flag } from "./config.ts";

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
