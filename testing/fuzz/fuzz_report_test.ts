import assert from "node:assert/strict";
import { fuzzMarkdown, printable, reproduction, wireText } from "./fuzz_report.ts";

Deno.test("printable escapes controls and folds long runs", () => {
  assert.equal(printable("a\u0000b"), "a\\u0000b");
  assert.equal(printable("x".repeat(70_000)), "x‹×70000›");
  assert.equal(printable("‹E9›".repeat(43)), "‹E9›‹×43›");
  assert.match(printable("ab".repeat(5) + "c".repeat(3000), 10), /… \(\d+ characters\)$/);
});

Deno.test("wireText shows UTF-8 as text and every other byte as ‹XX›", () => {
  const bytes = new Uint8Array([0x61, 0xd8, 0xb1, 0xff, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0x62]);
  assert.equal(wireText(bytes), "aر‹FF›‹C0›‹80›‹ED›‹A0›‹80›b");
});

Deno.test("the report gives the figures, each failure and the command that replays it", () => {
  const cmd = reproduction("GET /v1/partner/jobs", 42, "3:1");
  assert.equal(cmd, "deno task fuzz --seed 42 --operation 'GET /v1/partner/jobs' --path '3:1'");
  const md = fuzzMarkdown({
    seed: 42,
    runs: 10,
    requests: 12,
    operations: { "GET /v1/partner/jobs": { requests: 12, statuses: { "422": 2, "200": 10 } } },
    durationMs: 1500,
    healthChecks: 2,
    failures: [{ operation: "GET /v1/partner/jobs", message: "answered 500", reproduce: cmd }],
  }, { date: "2026-01-01", machine: "2 cores" });
  assert.match(md, /\| `GET \/v1\/partner\/jobs` \| 12 \| 200: 10, 422: 2 \|/);
  assert.match(md, /Duration: 1\.5 s/);
  assert.match(md, /answered 500/);
  assert.ok(md.includes(`Reproduce: \`${cmd}\``));
});
