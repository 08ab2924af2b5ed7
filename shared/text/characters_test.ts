import assert from "node:assert/strict";
import { characterCount } from "./characters.ts";

Deno.test("characterCount counts as [...s].length does: pairs once, unpaired surrogates once each", () => {
  const cases = [
    "",
    "abc",
    "ممرضة",
    "😀",
    "a😀b😀",
    "\uD83D",
    "\uDE00",
    "\uDE00\uD83D",
    "\uD83D\uD83D\uDE00",
    "x\uD83D",
  ];
  for (const s of cases) assert.equal(characterCount(s), [...s].length, JSON.stringify(s));
  // Strings of random code units, surrogates among them, as often as anything else.
  const units = [0x61, 0x645, 0xd83d, 0xde00, 0xdbff, 0xdc00, 0x20];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let k = 0; k < 2000; k++) {
    const s = String.fromCharCode(
      ...Array.from(
        { length: Math.floor(next() * 12) },
        () => units[Math.floor(next() * units.length)]!,
      ),
    );
    assert.equal(characterCount(s), [...s].length, JSON.stringify(s));
  }
});
