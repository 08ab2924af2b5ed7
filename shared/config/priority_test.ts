import assert from "node:assert/strict";
import { niceVar } from "./priority.ts";

/** The nice value of every thread of a child process that lowered its priority to `nice`. */
async function childThreadsNice(nice: number): Promise<number[]> {
  const script = `
    import { lowerCpuPriority } from ${
    JSON.stringify(new URL("./priority.ts", import.meta.url).href)
  };
    lowerCpuPriority(${nice});
    // A thread started afterwards, as onnxruntime's pool is: it must inherit the value.
    await new Promise((done) => {
      const w = new Worker("data:text/javascript,postMessage(1)", { type: "module" });
      w.onmessage = () => { done(undefined); };
    });
    const nices = [...Deno.readDirSync("/proc/self/task")].map((t) =>
      Number(Deno.readTextFileSync("/proc/self/task/" + t.name + "/stat").split(") ")[1].split(" ")[16])
    );
    console.log(JSON.stringify(nices));
    Deno.exit(0);
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", script],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(out.success);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

Deno.test({
  name:
    "lowerCpuPriority: every thread of the process, and those started later, run at the nice value",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const nices = await childThreadsNice(7);
    assert.ok(nices.length > 1);
    assert.deepEqual(new Set(nices), new Set([7]));
  },
});

Deno.test({
  name: "lowerCpuPriority: 0 leaves the priority as it was",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const before = Number(
      Deno.readTextFileSync("/proc/self/stat").split(") ")[1]!.split(" ")[16],
    );
    assert.deepEqual(new Set(await childThreadsNice(0)), new Set([before]));
  },
});

Deno.test("niceVar takes 0 to 19 and defaults; anything else is a configuration error", () => {
  const v = niceVar(10);
  assert.equal(v.parse(undefined), 10);
  assert.equal(v.parse("19"), 19);
  assert.equal(v.parse("0"), 0);
  for (const bad of ["-1", "20", "5.5", "high"]) assert.equal(v.safeParse(bad).success, false);
});
