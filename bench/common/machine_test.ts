import assert from "node:assert/strict";
import { vectorExtensions } from "./machine.ts";

const cpuinfo = (flags: string) =>
  `processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: ${flags}\n\nprocessor\t: 1\nflags\t\t: avx512f\n`;

Deno.test("vectorExtensions names the model's vector extensions the first CPU lists, in a fixed order", () => {
  assert.equal(vectorExtensions(cpuinfo("fpu sse4_2 avx avx2 fma")), "avx2");
  assert.equal(
    vectorExtensions(cpuinfo("avx512_vnni avx2 avx512f avx512bw")),
    "avx2, avx512f, avx512_vnni",
  );
  // avx512vl is not avx512f: whole flags only.
  assert.equal(
    vectorExtensions(cpuinfo("avx avx512vl")),
    "none of avx2, avx512f, avx512_vnni, avx_vnni, amx_int8",
  );
  assert.equal(vectorExtensions(""), "none of avx2, avx512f, avx512_vnni, avx_vnni, amx_int8");
});
