import assert from "node:assert/strict";

const MOD = new URL("./mod.ts", import.meta.url).href;

/** Runs a process that registers cleanup, signals it once it is ready, returns its exit code. */
async function runAndSignal(
  cleanupBody: string,
  signals: Deno.Signal[],
  gapMs = 50,
  graceMs = 300,
): Promise<number> {
  const script = `
    import { onShutdown } from "${MOD}";
    import { silentLogger } from "${new URL("../log/mod.ts", import.meta.url).href}";
    onShutdown(silentLogger, async () => { ${cleanupBody} }, { graceMs: ${graceMs} });
    console.log("ready");
    setInterval(() => {}, 1000);
  `;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", script],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  while (!(await reader.read()).value?.includes("ready")) { /* wait */ }
  for (const s of signals) {
    child.kill(s);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  const { code } = await child.status;
  await reader.cancel();
  return code;
}

Deno.test("onShutdown exits 0 once cleanup finishes", async () => {
  assert.equal(await runAndSignal("await new Promise((r) => setTimeout(r, 20));", ["SIGTERM"]), 0);
});

Deno.test("onShutdown exits 1 when cleanup outlasts the grace period", async () => {
  assert.equal(await runAndSignal("await new Promise(() => {});", ["SIGTERM"]), 1);
});

Deno.test("onShutdown exits at once on a second signal a while after the first", async () => {
  assert.equal(
    await runAndSignal("await new Promise(() => {});", ["SIGINT", "SIGINT"], 1200, 5000),
    130,
  );
});

Deno.test("onShutdown ignores a duplicate signal arriving with the first, and cleans up", async () => {
  const cleanup = "await new Promise((r) => setTimeout(r, 150));";
  assert.equal(await runAndSignal(cleanup, ["SIGTERM", "SIGTERM"], 10), 0);
});
