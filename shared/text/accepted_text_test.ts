import assert from "node:assert/strict";
import { hasBadText } from "./accepted_text.ts";

Deno.test("hasBadText refuses NUL, C0 controls, unpaired surrogates and U+FFFE/U+FFFF only", () => {
  for (
    const bad of [
      "a\u0000b",
      "\u0001",
      "x\u001F",
      "\u000B",
      "\uD800",
      "a\uDC00b",
      "\uFFFE",
      "\uFFFF",
    ]
  ) {
    assert.ok(hasBadText(bad), JSON.stringify(bad));
  }
  for (
    const good of [
      "Nurse",
      "ممرضة عناية مركزة",
      "tab\there",
      "line\nfeed\r\n",
      "😀",
      "\u007F",
      "\u200F",
    ]
  ) {
    assert.ok(!hasBadText(good), JSON.stringify(good));
  }
});
