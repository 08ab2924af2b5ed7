import assert from "node:assert/strict";
import { descendants, processParents } from "./cpu.ts";

Deno.test("descendants: the root and everything below it, whatever the order of the rows", () => {
  // 10 ─ 11 ─ 13 ─ 14, 10 ─ 12; 20 ─ 21 is another tree; 15 names a parent gone (an orphan).
  const parents = new Map([[14, 13], [11, 10], [13, 11], [12, 10], [21, 20], [15, 99], [10, 1]]);
  assert.deepEqual([...descendants(10, parents)].sort(), [10, 11, 12, 13, 14]);
  assert.deepEqual([...descendants(13, parents)].sort(), [13, 14]);
  assert.deepEqual([...descendants(42, parents)], [42]);
});

Deno.test({
  name: "processParents: a child in a session of its own is still its parent's descendant",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const child = new Deno.Command("sleep", { args: ["5"], detached: true }).spawn();
    try {
      const parents = await processParents();
      assert.equal(parents.get(child.pid), Deno.pid);
      assert.ok(descendants(Deno.pid, parents).has(child.pid));
    } finally {
      child.kill("SIGKILL");
      await child.status;
    }
  },
});
