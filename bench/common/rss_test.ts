import assert from "node:assert/strict";
import { parentPid, postgresPart, privateKiB, pssKiB, ssPids, vmRssKiB } from "./rss.ts";

Deno.test("vmRssKiB and pssKiB read their line; absent, undefined", () => {
  const status = "Name:\tdeno\nVmHWM:\t  300000 kB\nVmRSS:\t  234300 kB\nRssAnon:\t 1 kB\n";
  assert.equal(vmRssKiB(status), 234300);
  assert.equal(vmRssKiB("Name:\tkthreadd\n"), undefined);
  assert.equal(pssKiB("Rss:              86092 kB\nPss:              20811 kB\n"), 20811);
  assert.equal(pssKiB(""), undefined);
});

Deno.test("privateKiB adds the clean and dirty private pages; either absent, undefined", () => {
  const rollup = "Rss:  86092 kB\nPss:  20811 kB\nShared_Clean:  60000 kB\n" +
    "Private_Clean:  1200 kB\nPrivate_Dirty:  18000 kB\n";
  assert.equal(privateKiB(rollup), 19200);
  assert.equal(privateKiB("Private_Dirty:  18000 kB\n"), undefined);
});

Deno.test("postgresPart tells the system's backends from the benchmark's, others' and server processes", () => {
  const db = "hire_bench_pipeline";
  const part = (cmdline: string) => postgresPart(cmdline, db, "postgres");
  assert.equal(part(`postgres: 15/main: hire_job_login ${db} 127.0.0.1(48320) COMMIT`), "system");
  assert.equal(part(`postgres: hire_edge_login ${db} [local] idle`), "system");
  assert.equal(part(`postgres: 15/main: postgres ${db} 127.0.0.1(5) VACUUM`), "benchmark");
  assert.equal(part(`postgres: postgres ${db} [local] idle`), "benchmark");
  assert.equal(part("postgres: 15/main: hire_job_login hire 127.0.0.1(4) idle"), "other");
  assert.equal(part(`postgres: 15/main: postgres ${db}_test 127.0.0.1(4) idle`), "other");
  assert.equal(part("postgres: 15/main: checkpointer"), "server");
  assert.equal(part("postgres: walwriter"), "server");
  assert.equal(part("postgres: 15/main: logical replication launcher"), "server");
});

Deno.test("parentPid reads the fourth field, whatever the command name holds", () => {
  assert.equal(parentPid("11697 (postgres) S 2206 11697 11697 0 -1"), 2206);
  assert.equal(parentPid("42 (a) b (c) R 7 42 42 0"), 7);
});

Deno.test("ssPids reads each listener's pid once", () => {
  const out = 'LISTEN 0 50 *:9092 *:* users:(("java",pid=7623,fd=130),("java",pid=7623,fd=131))\n';
  assert.deepEqual(ssPids(out), [7623]);
  assert.deepEqual(ssPids(""), []);
});
