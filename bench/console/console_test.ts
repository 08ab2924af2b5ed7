import assert from "node:assert/strict";
import { TEST_MACHINE } from "../common/machine_fixture.ts";
import { latencyStats } from "../common/stats.ts";
import type { Measured } from "./measure.ts";
import { deliveryHref, hrefs, nextHref } from "./pages.ts";
import { compare, consoleMarkdown, resultRows, TARGET_P95_MS } from "./report.ts";
import { ISSUE_SIZE } from "./seed.ts";

const WH = "wh_01M873E9HE75HH9CTY20KA9P8T";
const DLV = "dlv_1DD6D797CDB4F67DCF1774F951";

Deno.test("the pages' links are read as the console writes them", () => {
  const html = `<nav><a href="/">Overview</a><a class="x" href="/jobs?status=paused&amp;cursor=abc"
    rel="next">Next page</a></nav><table><tr><td><a href="/webhooks/${WH}/deliveries/${DLV}">
    ${DLV}</a></td></tr></table><a href="/webhooks/wh_other/deliveries/${DLV}">x</a>`;
  assert.deepEqual(hrefs(html).slice(0, 2), ["/", "/jobs?status=paused&cursor=abc"]);
  assert.equal(nextHref(html), "/jobs?status=paused&cursor=abc");
  assert.equal(deliveryHref(html, WH), `/webhooks/${WH}/deliveries/${DLV}`);
  assert.equal(deliveryHref(html, "wh_none"), undefined);
  assert.equal(nextHref(`<a href="/x">Next page</a>`), undefined);
});

function measured(
  name: string,
  values: number[],
  statuses: Record<string, number> = { "200": values.length },
): Measured {
  return { name, url: "http://x/", stats: latencyStats(values), statuses, bytes: 1 };
}

Deno.test("a page meets the target with its p95 within it and every answer a 200", () => {
  const bare = measured("bare", Array(100).fill(0.5));
  const fast = compare({ ...measured("fast", Array(100).fill(10)), path: "/" }, bare);
  assert.equal(fast.met, true);
  assert.equal(fast.vs_bare.p95, 20);
  const slowTail = Array.from({ length: 100 }, (_, i) => (i < 94 ? 10 : TARGET_P95_MS + 1));
  assert.equal(compare({ ...measured("slow", slowTail), path: "/" }, bare).met, false);
  const failing = compare(
    { ...measured("failing", Array(100).fill(1), { "200": 99, "500": 1 }), path: "/" },
    bare,
  );
  assert.equal(failing.met, false);
  const rows = resultRows({ bare, pages: [fast, failing] });
  assert.equal(rows.length, 3);
  assert.equal(rows[1]!.at(-1), "met");
  assert.equal(rows[2]!.at(-1), "MISSED (not all 200)");
});

Deno.test("the report names the run's raw figures, as bench:keep reads them", () => {
  const bare = measured("bare", Array(100).fill(0.5));
  const md = consoleMarkdown({
    date: "2026-12-01",
    generated_at: "2026-12-01T10:00:00.000Z",
    commit: "abc123",
    config: { warmup: 10, rounds: 5, per_round: 20, target_p95_ms: TARGET_P95_MS },
    machine: TEST_MACHINE,
    load_average: { before: "0.1", after: "0.5" },
    data: { size: ISSUE_SIZE, rows: { jobs: 10 }, bare_bytes: 1000 },
    bare,
    pages: [compare({ ...measured("overview", Array(100).fill(10)), path: "/" }, bare)],
    skipped: [],
    notes: [],
  });
  assert.match(md, /raw figures\n`console-2026-12-01\.json`\./);
});
