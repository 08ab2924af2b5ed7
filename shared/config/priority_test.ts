import assert from "node:assert/strict";
import { niceVar } from "./priority.ts";

const autogroupNice = (text: string) => Number(text.match(/nice (-?\d+)/)![1]);

/**
 * The nice value of every thread of a child process that lowered its priority to `nice`, and
 * of its scheduling group (`/proc/self/autogroup`). `ownSession`: the child leads a session of
 * its own, as `deno task dev` starts the services.
 */
async function childPriority(
  nice: number,
  opts: { ownSession?: boolean } = {},
): Promise<{ threads: number[]; group: number }> {
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
    const threads = [...Deno.readDirSync("/proc/self/task")].map((t) =>
      Number(Deno.readTextFileSync("/proc/self/task/" + t.name + "/stat").split(") ")[1].split(" ")[16])
    );
    console.log(JSON.stringify({ threads, group: Deno.readTextFileSync("/proc/self/autogroup") }));
    Deno.exit(0);
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", script],
    stdout: "piped",
    stderr: "inherit",
    detached: opts.ownSession ?? false,
  }).spawn().output(); // spawn(): Deno's output() alone leaves `detached` unapplied
  assert.ok(out.success);
  const { threads, group } = JSON.parse(new TextDecoder().decode(out.stdout));
  return { threads, group: autogroupNice(group) };
}

Deno.test({
  name:
    "lowerCpuPriority: every thread of the process, and those started later, run at the nice value",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const ours = autogroupNice(Deno.readTextFileSync("/proc/self/autogroup"));
    const { threads, group } = await childPriority(7);
    assert.ok(threads.length > 1);
    assert.deepEqual(new Set(threads), new Set([7]));
    // A child in our session shares our scheduling group, which it must leave as it was.
    assert.equal(group, ours);
    assert.equal(autogroupNice(Deno.readTextFileSync("/proc/self/autogroup")), ours);
  },
});

Deno.test({
  name: "lowerCpuPriority: a process leading its own session lowers its scheduling group too",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const { threads, group } = await childPriority(7, { ownSession: true });
    assert.deepEqual(new Set(threads), new Set([7]));
    assert.equal(group, 7);
  },
});

Deno.test({
  name: "lowerCpuPriority: 0 leaves the priority as it was",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const before = Number(
      Deno.readTextFileSync("/proc/self/stat").split(") ")[1]!.split(" ")[16],
    );
    assert.deepEqual(new Set((await childPriority(0)).threads), new Set([before]));
  },
});

Deno.test("niceVar takes 0 to 19 and defaults; anything else is a configuration error", () => {
  const v = niceVar(10);
  assert.equal(v.parse(undefined), 10);
  assert.equal(v.parse("19"), 19);
  assert.equal(v.parse("0"), 0);
  for (const bad of ["-1", "20", "5.5", "high"]) assert.equal(v.safeParse(bad).success, false);
});
