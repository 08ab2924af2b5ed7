/**
 * `deno task bench:site` (also the last step of `deno task bench`): the public site's job
 * page and feed under wrk, beside a bare Hono handler measured in the same run, and the
 * partner API's retrieve p99 alone and beside a paced site load. Starts `deno task dev`
 * (with the site's per-address limit lifted) when the system is not running; seeds the
 * listed jobs up to 100,000. Writes `bench/results/site.md` and `site-<date>.json`.
 * @module
 */
import { connect } from "@hire/db";
import { createRandom } from "@hire/fixtures";
import { createPartner } from "../common/partner.ts";
import { type BareHono, startBareHono } from "./bare_hono.ts";
import { bottleneckNotes } from "../common/diagnose.ts";
import { JOBS_PATH } from "../common/load.ts";
import { describeMachine } from "../common/machine.ts";
import { RESULTS_DIR, runBenchmark, step } from "../common/proc.ts";
import { type ScenarioResult, writeResultFiles } from "../common/report.ts";
import type { Target } from "../common/config.ts";
import { FEED_TARGET, JOB_PAGE_TARGET, pacedTarget, readSiteConfig } from "./config.ts";
import { matchesPerSearch, randomJobIds, randomJobs, spread } from "./data.ts";
import { jobPaths, mixedPaths, searches } from "./paths.ts";
import { siteMarkdown, type SiteReport } from "./report.ts";
import {
  isolation,
  isolationRunsOf,
  type Load,
  measureLoad,
  type RunContext,
  type SiteLoad,
} from "./scenarios.ts";
import { ensureListedJobs, insertJobs, listedJobs, seedJobs } from "./seed.ts";
import { isReady, systemFor } from "../common/system.ts";
import { ensureWrk, wrkVersion } from "../common/wrk.ts";

async function waitForSite(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!await isReady(url)) {
    if (Date.now() > until) throw new Error(`${url}/readyz does not answer 200`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function fetchPage(url: string): Promise<string> {
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return body;
}

/** Notes on what the figures cannot show by themselves. */
function limitNotes(runs: ScenarioResult[]): string[] {
  const limited = runs.filter((r) => (r.statuses["429"] ?? 0) > 0).map((r) => r.scenario);
  if (limited.length === 0) return [];
  return [
    `${limited.join(", ")}: answered 429 (rate limited). A system the benchmark did not ` +
    `start keeps its own limits: start it with SITE_RATE_LIMIT_PER_MINUTE and the plan ` +
    `limits raised, or stop it and let the benchmark start it.`,
  ];
}

async function main(): Promise<void> {
  const cfg = readSiteConfig();
  if (!await ensureWrk(step)) throw new Error("wrk is not installed and could not be installed");
  const loadGenerator = await wrkVersion();
  const system = await systemFor(cfg.baseUrl);
  if (!system) step(`using the system already running at ${cfg.baseUrl}; it keeps its limits`);
  const sql = connect(Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire", {
    max: 2,
  });
  let bare: BareHono | undefined;
  try {
    await waitForSite(cfg.siteUrl);
    const rnd = createRandom(10);
    const seed = await ensureListedJobs(sql, cfg.jobs, rnd, step);
    const ids = await randomJobIds(sql, seed.partnerId, cfg.ids);
    const sampled = await randomJobs(sql, seed.partnerId, Math.ceil(cfg.searches * 1.5));
    // A word of an ad can still find nothing: an English stop word ("under", "each").
    const drawn = searches(sampled, rnd);
    const found = await matchesPerSearch(sql, drawn);
    const list = drawn.filter((_, i) => found[i]! > 0).slice(0, cfg.searches);
    const matches = spread(found.filter((n) => n > 0).slice(0, cfg.searches));
    step(`${list.length} searches; jobs found per search ${JSON.stringify(matches)}`);

    const page = await fetchPage(cfg.siteUrl + jobPaths(ids.slice(0, 1))[0]);
    bare = await startBareHono(page);
    const ctx: RunContext = { cfg, systemPgid: system?.pgid };
    const bareRun = await measureLoad(
      ctx,
      { name: "bare-hono", request: "GET / (a job page's HTML)", target: null },
      { baseUrl: bare.url, paths: ["/"] },
    );
    ctx.bare = bareRun;
    await bare.stop();
    bare = undefined;

    const feeds = list.map((s) => s.path);
    const site = (name: string, request: string, target: Target, load: Omit<Load, "baseUrl">) =>
      measureLoad(ctx, { name, request, target }, { baseUrl: cfg.siteUrl, ...load });
    const many = `GET /jobs/:id (${ids.length} jobs)`;
    const results = [
      await site("job-page", "GET /jobs/:id (one job)", JOB_PAGE_TARGET, {
        paths: jobPaths(ids.slice(0, 1)),
      }),
      await site("job-page-many-ids", many, JOB_PAGE_TARGET, { paths: jobPaths(ids) }),
      await site(
        `job-page-many-ids at ${cfg.pageRate}/s`,
        many,
        pacedTarget(JOB_PAGE_TARGET, cfg.pageRate),
        { paths: jobPaths(ids), perSecond: cfg.pageRate },
      ),
      await site("feed-search", "GET /jobs?city=…&q=…", FEED_TARGET, { paths: feeds }),
      await site(
        `feed-search at ${cfg.feedRate}/s`,
        "GET /jobs?city=…&q=…",
        pacedTarget(FEED_TARGET, cfg.feedRate),
        { paths: feeds, perSecond: cfg.feedRate },
      ),
    ];

    // The API's reads need jobs of a partner with a key; stored like the fixture.
    const partner = await createPartner(`Site bench API ${new Date().toISOString()}`);
    const apiJobs = seedJobs(100, partner.partner_id, rnd);
    await insertJobs(sql, apiJobs);
    const apiLoad: Load = {
      baseUrl: cfg.baseUrl,
      paths: apiJobs.map((j) => `${JOBS_PATH}/${j.id}`),
      headers: { Authorization: `Bearer ${partner.api_key}` },
    };
    const sites: SiteLoad[] = [
      { pages: "job pages", load: { baseUrl: cfg.siteUrl, paths: jobPaths(ids) } },
      {
        pages: "job pages + 10% searches",
        load: { baseUrl: cfg.siteUrl, paths: mixedPaths(jobPaths(ids), feeds, 10) },
      },
    ];
    const api = { name: "retrieve-job", request: `GET ${JOBS_PATH}/:id`, target: null };
    const isolationRuns = [
      ...await isolation(ctx, { ...api, load: apiLoad }, sites),
      ...await isolation(ctx, {
        ...api,
        name: `retrieve-job at ${cfg.apiRate}/s`,
        load: { ...apiLoad, perSecond: cfg.apiRate },
      }, sites),
    ];

    const all = [bareRun, ...results, ...isolationRunsOf(isolationRuns)];
    const now = new Date();
    const report: SiteReport = {
      date: now.toISOString().slice(0, 10),
      generated_at: now.toISOString(),
      config: cfg,
      machine: await describeMachine(loadGenerator),
      data: {
        ...seed,
        listed_jobs: await listedJobs(sql),
        job_page_bytes: new TextEncoder().encode(page).length,
        searches: list.length,
        matches_per_search: matches,
      },
      bare: bareRun,
      results,
      isolation: isolationRuns,
      notes: [...limitNotes(all), ...bottleneckNotes(all)],
    };
    const markdown = siteMarkdown(report);
    const paths = await writeResultFiles(RESULTS_DIR, {
      name: "site",
      date: report.date,
      json: report,
      markdown,
    });
    console.log(markdown);
    console.log(`wrote ${paths.join(", ")}`);
  } finally {
    await bare?.stop();
    await sql.end();
    await system?.stop();
  }
}

if (import.meta.main) await runBenchmark(main);
