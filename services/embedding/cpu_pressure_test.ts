import assert from "node:assert/strict";
import { parseCpuStallUs, readCpuStallUs } from "./cpu_pressure.ts";

Deno.test("parseCpuStallUs reads the some line's total, not the full line's", () => {
  const text = "some avg10=3.53 avg60=13.44 avg300=5.42 total=20271074\n" +
    "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
  assert.equal(parseCpuStallUs(text), 20271074);
  assert.equal(parseCpuStallUs("full avg10=0.00 avg60=0.00 avg300=0.00 total=7\n"), null);
  assert.equal(parseCpuStallUs(""), null);
});

Deno.test("readCpuStallUs: null where the file is missing or says nothing usable", async () => {
  assert.equal(await readCpuStallUs("/nonexistent/pressure/cpu"), null);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/cpu`, "nonsense\n");
    assert.equal(await readCpuStallUs(`${dir}/cpu`), null);
    await Deno.writeTextFile(`${dir}/cpu`, "some avg10=0.00 avg60=0.00 avg300=0.00 total=42\n");
    assert.equal(await readCpuStallUs(`${dir}/cpu`), 42);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
