import assert from "node:assert/strict";
import { isId } from "@hire/ids";
import { cityFromAnyName } from "@hire/jobs";
import { createRandom, OCCUPATIONS, SEEKER_CITIES } from "@hire/fixtures";
import { decodeTime } from "ulid";
import type { CpuUsage } from "../common/cpu.ts";
import type { Target } from "../common/config.ts";
import { scenarioResult } from "../common/report.ts";
import { JOB_PAGE_TARGET, pacedTarget } from "./config.ts";
import { spread } from "./data.ts";
import { feedPath, jobPaths, mixedPaths, searches, searchWords } from "./paths.ts";
import { isolationRows, resultRows } from "./report.ts";
import {
  compared,
  type IsolationResult,
  isolationRunsOf,
  isolationVerdict,
  pacedConnections,
} from "./scenarios.ts";
import { seedJob, seedJobs } from "./seed.ts";
import { pacedLua, pathsScript } from "./wrk_paths.ts";

const NOW = Date.parse("2026-11-24T00:00:00Z");
const CPU: CpuUsage = { cores: 2, machineBusyPct: 50, groups: [], top: [] };

const WRK = { durationS: 10, connections: 50, threads: 2 };
const SOCKETS = { connect: 0, read: 0, write: 0, timeout: 0 };

/** A run's result: `rps` for 10 s at `p99`, plus `statuses` beside the 200s. */
function run(name: string, rps: number, p99: number, statuses = {}, target: Target | null = null) {
  const non2xx = Object.values<number>(statuses).reduce((a, b) => a + b, 0);
  const latencyMs = { p50: p99 / 4, p75: p99 / 3, p90: p99 / 2, p99 };
  const r = { requests: rps * 10, elapsedS: 10, requestsPerSec: rps, latencyMs, non2xx };
  const result = { ...r, statuses: { "200": rps * 10, ...statuses }, socketErrors: SOCKETS };
  return scenarioResult(name, "GET /", WRK, result, target, CPU);
}

Deno.test("seedJob writes an active bilingual ad whose id carries its creation time", () => {
  const job = seedJob("ptr_X", createRandom(1), NOW);
  assert.ok(isId("job", job.id), job.id);
  assert.equal(decodeTime(job.id.slice(4)), job.created_at.getTime());
  assert.ok(NOW - job.created_at.getTime() <= 180 * 24 * 3600 * 1000);
  assert.deepEqual(job.updated_at, job.created_at);
  assert.match(
    job.description,
    /[a-z]{3}[\s\S]*[\u0600-\u06FF]{3}|[\u0600-\u06FF]{3}[\s\S]*[a-z]{3}/,
  );
  assert.ok(job.description.length >= 300, `${job.description.length} characters`);
  assert.match(job.description, /^- /m, "a Markdown list of benefits");
  assert.ok(SEEKER_CITIES.some((c) => c.city === job.city));
  const occupation = OCCUPATIONS.find((o) => [o.en.title, o.ar.title].includes(job.title));
  assert.ok(occupation, job.title);
  assert.ok(occupation.employmentTypes.includes(job.employment_type as never));
  assert.ok(job.salary_min! <= job.salary_max!);
  assert.equal(job.status, "active");
  assert.equal(job.embedding_status, "processing");
});

Deno.test("seedJobs writes Arabic-first and English-first ads across cities", () => {
  const jobs = seedJobs(500, "ptr_X", createRandom(2));
  const arabicTitles = jobs.filter((j) => /[\u0600-\u06FF]/.test(j.title)).length;
  assert.ok(arabicTitles > 120 && arabicTitles < 280, `${arabicTitles} Arabic titles`);
  assert.ok(new Set(jobs.map((j) => j.city)).size >= 15);
  assert.equal(new Set(jobs.map((j) => j.id)).size, 500);
});

Deno.test("searchWords keeps words of 4+ letters, not the template's or the excluded", () => {
  const en = "We are hiring a Registered Nurse to join our team in Riyadh. ICU, BLS";
  assert.deepEqual(searchWords(en, ["Riyadh"]), ["Registered", "Nurse"]);
  const ar = "نبحث عن محاسب للانضمام إلى فريقنا في الرياض";
  assert.deepEqual(searchWords(ar, ["الرياض"]), ["محاسب"]);
  assert.deepEqual(searchWords("Housing allowance / بدل سكن"), []);
});

Deno.test("searches draw a city and real words of each job, in ASCII paths", () => {
  assert.equal(feedPath("Al Khobar", "a&b"), "/jobs?city=Al%20Khobar&q=a%26b");
  const jobs = seedJobs(300, "ptr_X", createRandom(3));
  const list = searches(jobs, createRandom(4));
  assert.ok(list.length > 250, `${list.length} searches`);
  assert.equal(new Set(list.map((s) => s.path)).size, list.length);
  assert.ok(list.some((s) => /[\u0600-\u06FF]/.test(s.q)), "Arabic words");
  assert.ok(list.some((s) => /[a-z]/i.test(s.q)), "English words");
  assert.ok(list.some((s) => s.cityName !== s.city), "Arabic city names");
  for (const s of list) {
    assert.match(s.path, /^[\x21-\x7e]+$/);
    const url = new URL(s.path, "http://site");
    assert.equal(url.pathname, "/jobs");
    assert.equal(url.searchParams.get("q"), s.q);
    assert.equal(cityFromAnyName(url.searchParams.get("city")!), s.city);
    const words = s.q.split(" ");
    assert.ok(
      jobs.some((j) =>
        j.city === s.city && words.every((w) => `${j.title} ${j.description}`.includes(w))
      ),
      s.path,
    );
  }
});

Deno.test("mixedPaths puts a feed search at every n-th view and cycles both lists", () => {
  const mixed = mixedPaths(jobPaths(["a", "b", "c"]), ["/f1", "/f2"], 3);
  assert.deepEqual(mixed, ["/jobs/a", "/jobs/b", "/f1", "/jobs/c", "/jobs/a", "/f2"]);
  assert.deepEqual(mixedPaths(["/jobs/a"], [], 10), ["/jobs/a"]);
  const big = mixedPaths(jobPaths(Array.from({ length: 1000 }, (_, i) => `j${i}`)), ["/f"], 10);
  assert.equal(big.length, 1000);
  assert.equal(big.filter((p) => p === "/f").length, 100);
});

Deno.test("pathsScript paces each thread to its share of the rate, with the headers", () => {
  assert.match(pacedLua(1000), /clock_gettime\(1, ts\)[\s\S]*function delay\(\)/);
  assert.throws(() => pacedLua(0), /positive/);
  const headers = { Authorization: "Bearer k" };
  const script = pathsScript({ paths: ["/jobs/a"], headers, perSecond: 2000, threads: 2 });
  assert.match(script, /local interval = 1\n/);
  assert.match(script, /wrk\.headers\["Authorization"\] = "Bearer k"/);
  assert.match(script, /local paths = \{ "\/jobs\/a" \}/);
  assert.match(script, /bench-status/);
  assert.doesNotMatch(pathsScript({ paths: ["/"], threads: 2 }), /function delay/);
});

Deno.test("compared divides by the bare run's figures, not for a paced run and its target", () => {
  const bare = run("bare", 40000, 5);
  const site = compared(run("site", 5000, 25), bare);
  assert.deepEqual(site.vs_bare, { throughput: 0.125, p99: 5 });
  assert.equal(site.paced_per_sec, null);
  const paced = compared(run("paced", 3000, 10), bare, 3000);
  assert.equal(paced.vs_bare, null);
  assert.equal(paced.paced_per_sec, 3000);
  assert.deepEqual(pacedTarget(JOB_PAGE_TARGET, 3000), { minRps: 2850, maxP99Ms: 30 });
});

Deno.test("isolationVerdict meets the target within 1.2× when the site load was delivered", () => {
  const site = (achieved: number, statuses: Record<string, number> = { "200": 1 }) => ({
    offered_per_sec: 2000,
    connections: 200,
    achieved_per_sec: achieved,
    requests: achieved * 10,
    elapsed_s: 10,
    p50_ms: 1,
    p99_ms: 5,
    statuses,
    socket_errors: 0,
  });
  const alone = run("alone", 5000, 10);
  assert.deepEqual(isolationVerdict(alone, run("loaded", 4000, 12), site(1990)), {
    p99_ratio: 1.2,
    max_ratio: 1.2,
    rate_held: true,
    met: true,
  });
  assert.equal(isolationVerdict(alone, run("loaded", 4000, 12.5), site(1990)).met, false);
  assert.deepEqual(
    Object.values(isolationVerdict(alone, run("l", 4000, 11), site(1500))).slice(2),
    [false, false],
  );
  assert.equal(isolationVerdict(alone, run("l", 4000, 11), site(2000, { "429": 5 })).met, false);
  assert.equal(isolationVerdict(alone, run("l", 4000, 11, { "503": 1 }), site(2000)).met, false);
});

Deno.test("result and isolation rows show ratios, dashes for paced runs, and verdicts", () => {
  const bare = compared(run("bare-hono", 40000, 5), run("bare-hono", 40000, 5));
  const page = compared(run("job-page", 5000, 40, {}, JOB_PAGE_TARGET), bare);
  const paced = compared(run("paced", 3000, 10), bare, 3000);
  const rows = resultRows({ bare, results: [page, paced], isolation: [] });
  assert.deepEqual(rows[0]!.slice(4), ["1.00", "1.00", "0", "0", "—", "no target"]);
  assert.deepEqual(rows[1]!.slice(1, 6), ["5000", "10.0", "40.0", "0.13", "8.00"]);
  assert.deepEqual(rows[1]!.slice(8), ["≥ 3000 req/s, p99 ≤ 30 ms", "MISSED (p99)"]);
  assert.deepEqual(rows[2]!.slice(4, 6), ["—", "—"]);
  const isolation = {
    api_load: "closed loop",
    site_pages: "job pages",
    alone: compared(run("a", 5000, 10), bare),
    with_site_load: compared(run("b", 4000, 15), bare),
    site_load: { offered_per_sec: 2000, achieved_per_sec: 1500, p99_ms: 7.25 },
    p99_ratio: 1.5,
    rate_held: false,
    met: false,
  } as IsolationResult;
  assert.deepEqual(isolationRows([isolation])[0]!.slice(2), [
    ...["10.0", "15.0", "1.50", "2000 / 1500", "7.3", "MISSED (site load not delivered)"],
  ]);
});

Deno.test("isolationRunsOf lists a run alone once for all its site loads", () => {
  const alone = compared(run("alone", 5000, 10), run("bare", 40000, 5));
  const a = { alone, with_site_load: compared(run("a", 1, 1), alone) } as IsolationResult;
  const b = { alone, with_site_load: compared(run("b", 1, 1), alone) } as IsolationResult;
  assert.deepEqual(isolationRunsOf([a, b]).map((r) => r.scenario), ["alone", "a", "b"]);
});

Deno.test("spread gives min, median, max and zeros; pacedConnections 100 ms of a rate", () => {
  assert.deepEqual([pacedConnections(2000, 50), pacedConnections(100, 50)], [200, 50]);
  assert.deepEqual(spread([5, 0, 300, 7, 12]), { min: 0, median: 7, max: 300, zero: 1 });
  assert.deepEqual(spread([]), { min: 0, median: 0, max: 0, zero: 0 });
});
