import assert from "node:assert/strict";
import { damonSchemes, pagesDescription, reclaimDescription, vectorExtensions } from "./machine.ts";

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

Deno.test("reclaimDescription: each running pageout scheme with the age it evicts at; none without one", () => {
  // 2026-12-02's third machine: pages untouched for 12 aggregations of 5 s.
  assert.equal(
    reclaimDescription([{ action: "pageout", minAge: 12, aggrUs: 5_000_000 }]),
    "DAMON pageout of memory untouched for 60 s",
  );
  assert.equal(
    reclaimDescription([{ action: "stat", minAge: 0, aggrUs: 100_000 }]),
    "none (no DAMON pageout scheme running)",
  );
  assert.equal(reclaimDescription([]), "none (no DAMON pageout scheme running)");
});

Deno.test("damonSchemes: the schemes of the kdamonds that are on, read from their sysfs files", async () => {
  const root = await Deno.makeTempDir();
  const kdamond = async (id: string, state: string, action: string) => {
    const context = `${root}/${id}/contexts/0`;
    await Deno.mkdir(`${context}/monitoring_attrs/intervals`, { recursive: true });
    await Deno.mkdir(`${context}/schemes/0/access_pattern/age`, { recursive: true });
    await Deno.writeTextFile(`${root}/${id}/state`, `${state}\n`);
    await Deno.writeTextFile(`${context}/monitoring_attrs/intervals/aggr_us`, "5000000\n");
    await Deno.writeTextFile(`${context}/schemes/0/action`, `${action}\n`);
    await Deno.writeTextFile(`${context}/schemes/0/access_pattern/age/min`, "12\n");
  };
  try {
    await kdamond("0", "on", "pageout");
    await kdamond("1", "off", "pageout");
    await Deno.writeTextFile(`${root}/nr_kdamonds`, "2\n");
    assert.deepEqual(await damonSchemes(root), [
      { action: "pageout", minAge: 12, aggrUs: 5_000_000 },
    ]);
    assert.deepEqual(await damonSchemes(`${root}/absent`), [], "a kernel without DAMON");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("pagesDescription: the huge pages in use, taken or promised, or none", () => {
  assert.equal(
    pagesDescription({ total: 1060, free: 1024, reserved: 1024 }),
    "1060 of 1060 huge pages in use",
  );
  assert.equal(
    pagesDescription({ total: 0, free: 0, reserved: 0 }),
    "no huge pages in use (0 reserved)",
  );
  assert.equal(
    pagesDescription({ total: 1060, free: 1060, reserved: 0 }),
    "no huge pages in use (1060 reserved)",
  );
  assert.equal(
    pagesDescription({ total: 1060, free: 1060, reserved: 0 }, 1060),
    "no huge pages in use (1060 reserved)",
  );
});

Deno.test("pagesDescription: a server that outgrew the reservation is named, with the fix", () => {
  assert.equal(
    pagesDescription({ total: 1060, free: 1060, reserved: 0 }, 1061),
    "no huge pages in use: PostgreSQL needs 1061, 1060 reserved (`deno task infra` reserves them)",
  );
  // In use, the figure the server needs changes nothing.
  assert.equal(
    pagesDescription({ total: 1061, free: 1025, reserved: 1024 }, 1061),
    "1060 of 1061 huge pages in use",
  );
});
