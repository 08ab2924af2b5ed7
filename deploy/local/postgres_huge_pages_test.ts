import assert from "node:assert/strict";
import { hugePagesOf, hugePagesPlan } from "./postgres_huge_pages.ts";

Deno.test("hugePagesOf reads the huge pages of /proc/meminfo", () => {
  const meminfo = "MemTotal:       24598132 kB\nHugePages_Total:    1060\n" +
    "HugePages_Free:     1024\nHugePages_Rsvd:     1024\nHugePages_Surp:        0\n" +
    "Hugepagesize:       2048 kB\n";
  assert.deepEqual(hugePagesOf(meminfo), { total: 1060, free: 1024, reserved: 1024 });
  assert.deepEqual(hugePagesOf(""), { total: 0, free: 0, reserved: 0 });
});

Deno.test("a server in 4 kB pages gets its huge pages reserved, beside those in use", () => {
  assert.deepEqual(hugePagesPlan(1060, { total: 0, free: 0, reserved: 0 }), { reserve: 1060 });
  assert.deepEqual(
    hugePagesPlan(1060, { total: 100, free: 40, reserved: 0 }),
    { reserve: 1120 },
    "60 in use by another program stay its",
  );
  assert.deepEqual(
    hugePagesPlan(1060, { total: 500, free: 500, reserved: 0 }),
    { reserve: 1060 },
    "too few lie unused",
  );
});

Deno.test("a server whose huge pages lie reserved but unused is restarted into them", () => {
  assert.deepEqual(hugePagesPlan(1060, { total: 1060, free: 1060, reserved: 0 }), {});
  assert.deepEqual(hugePagesPlan(1060, { total: 2000, free: 1500, reserved: 0 }), {});
});

Deno.test("a server in huge pages, or one that cannot use them, is left as it is", () => {
  assert.equal(hugePagesPlan(1060, { total: 1060, free: 1024, reserved: 1024 }), undefined);
  assert.equal(hugePagesPlan(1060, { total: 1060, free: 0, reserved: 0 }), undefined);
  assert.equal(hugePagesPlan(-1, { total: 0, free: 0, reserved: 0 }), undefined, "no huge pages");
  assert.equal(hugePagesPlan(0, { total: 0, free: 0, reserved: 0 }), undefined);
});
