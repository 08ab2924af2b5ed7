import assert from "node:assert/strict";
import { text } from "./prose.ts";

Deno.test("text strips the source's indentation and keeps each value in its place", () => {
  const topic = "`seekers.v1`";
  const got = text`
    Every topic but ${topic} is written
      through the ${"outbox"}.`;
  assert.equal(got, "Every topic but `seekers.v1` is written\n  through the outbox.");
});
