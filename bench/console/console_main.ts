/**
 * `deno task bench:console`: how fast the partner console's pages answer for a partner with
 * 10,000 jobs and 100,000 delivery attempts (issue 14: p95 ≤ 100 ms), beside a bare Hono
 * handler measured in the same run. Seeds a database of its own, `hire_bench_console`, made
 * afresh (and left for a look at query plans afterwards), serves the console in a process of
 * its own, signs in with a session it inserts, and measures every page of the list that
 * exists (a page answering 404 is not built yet: listed as not measured). Writes
 * `bench/results/console.md` and `console-<date>.json`. About two minutes.
 *
 * | variable                    | default | meaning                                        |
 * | --------------------------- | ------- | ---------------------------------------------- |
 * | `BENCH_CONSOLE_WARMUP`      | `20`    | unmeasured requests per page first             |
 * | `BENCH_CONSOLE_ROUNDS`      | `3`     | rounds over every page                         |
 * | `BENCH_CONSOLE_PER_ROUND`   | `100`   | requests per page in each round                |
 * | `BENCH_CONSOLE_LATER_PAGE`  | `10`    | "next" links followed to a later deliveries page |
 * @module
 */
import { connect, type Sql } from "@hire/db";
import { hashToken, newToken } from "@hire/console-service/tokens.ts";
import { encodeCursor } from "@hire/ids";
import { insertSession, insertUser } from "@hire/tables";
import { TEST_ENV } from "@hire/testing/stack.ts";
import { createSecretBox, parseSecretKeys } from "@hire/webhooks";
import { commitUnderTest } from "../common/commit.ts";
import { freshDatabase } from "../common/fresh_database.ts";
import { describeMachine } from "../common/machine.ts";
import { datedJsonName, RESULTS_DIR, runBenchmark, step } from "../common/proc.ts";
import { startBareHono } from "../site/bare_hono.ts";
import { measureAll } from "./measure.ts";
import { startConsole } from "./serve_console.ts";
import { deliveryHref, fixedPages, nextHref, type PageTarget, type SkippedPage } from "./pages.ts";
import { compare, consoleMarkdown, type ConsoleReport, TARGET_P95_MS } from "./report.ts";
import { ISSUE_SIZE, seed } from "./seed.ts";

const DATABASE = "hire_bench_console";
const envInt = (name: string, fallback: number) => Number(Deno.env.get(name) ?? fallback);
const CONFIG = {
  warmup: envInt("BENCH_CONSOLE_WARMUP", 20),
  rounds: envInt("BENCH_CONSOLE_ROUNDS", 3),
  perRound: envInt("BENCH_CONSOLE_PER_ROUND", 100),
  laterPage: envInt("BENCH_CONSOLE_LATER_PAGE", 10),
};

const loadAverage = async () => (await Deno.readTextFile("/proc/loadavg")).trim();

/** An admin of the partner with a live session; the cookie a browser would send. */
async function signIn(sql: Sql, partnerId: string): Promise<string> {
  const token = newToken();
  await sql.begin(async (tx) => {
    const user = await insertUser(tx, {
      partnerId,
      email: "bench-admin@bench.example.sa",
      role: "admin",
      actor: { kind: "operator" },
    });
    if (user === "email_taken") throw new Error("the benchmark's admin exists already");
    await insertSession(tx, {
      hash: await hashToken(token),
      userId: user.id,
      csrfToken: newToken(),
      absoluteMs: 86_400_000,
    });
  });
  // The test console's base URL is loopback, where the cookie is a `__Host-` one.
  return `__Host-hire_console=${token}`;
}

/** The jobs list's cursor after its `n`th job: a page deep in the list. */
async function cursorAfter(sql: Sql, partnerId: string, n: number): Promise<string> {
  const [row] = await sql<{ created_at: Date; id: string }[]>`
    SELECT created_at, id FROM jobs WHERE partner_id = ${partnerId} AND deleted_at IS NULL
    ORDER BY created_at DESC, id DESC OFFSET ${n - 1} LIMIT 1`;
  return encodeCursor({ createdAt: row!.created_at, id: row!.id });
}

/** Asks for each page once: those answering 200 are measured, the others listed. */
async function discover(
  base: string,
  cookie: string,
  pages: PageTarget[],
  webhookId: string,
): Promise<{ targets: PageTarget[]; skipped: SkippedPage[]; html: Map<string, string> }> {
  const targets: PageTarget[] = [];
  const skipped: SkippedPage[] = [];
  const html = new Map<string, string>();
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    return { status: res.status, body: await res.text() };
  };
  const consider = async (page: PageTarget) => {
    const { status, body } = await get(page.path);
    if (status === 200) {
      targets.push(page);
      html.set(page.name, body);
    } else {
      skipped.push({
        ...page,
        reason: status === 404
          ? "answers 404: not built yet when this run was made"
          : `answers ${status}, not 200`,
      });
    }
  };
  for (const page of pages) await consider(page);
  const deliveries = html.get("deliveries");
  if (!deliveries) {
    skipped.push(
      { name: "deliveries, a later page", reason: "no deliveries page to start from" },
      { name: "a delivery's detail", reason: "no deliveries page to find one on" },
    );
    return { targets, skipped, html };
  }
  let later: string | undefined;
  let body = deliveries;
  for (let i = 0; i < CONFIG.laterPage; i++) {
    later = nextHref(body);
    if (!later) break;
    body = (await get(later)).body;
  }
  if (later) await consider({ name: `deliveries, page ${CONFIG.laterPage + 1}`, path: later });
  else skipped.push({ name: "deliveries, a later page", reason: 'no rel="next" link to follow' });
  const detail = deliveryHref(deliveries, webhookId);
  if (detail) await consider({ name: "a delivery's detail", path: detail });
  else skipped.push({ name: "a delivery's detail", reason: "the deliveries page links to none" });
  return { targets, skipped, html };
}

/** Notes on what the figures alone do not say. */
async function notes(
  sql: Sql,
  opts: { partnerId: string; loadBefore: string; cores: number },
): Promise<string[]> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs
    WHERE partner_id = ${opts.partnerId} AND created_at >= now() - interval '30 days'`;
  const out = [
    `The overview counts the partner's jobs of the last 30 days on every view ` +
    `(${row!.n.toLocaleString("en")} here, deleted ones included) with index scans of ` +
    `\`jobs_list\` (live jobs) and \`jobs_deleted_list\` (deleted jobs, migration 0013): ` +
    `its time grows with the jobs a partner creates in 30 days. A partner creating hundreds ` +
    `of thousands a month (Scale allows 500,000) would want a daily count kept by the job ` +
    `service instead.`,
  ];
  // Before the run only: afterwards the load is the benchmark's own (client, console, Postgres).
  if (Number(opts.loadBefore.split(" ")[0]) > opts.cores / 4) {
    out.push(
      `Other work was running on the machine when the run began (load average ` +
        `${opts.loadBefore} on ${opts.cores} cores): the tails include it.`,
    );
  }
  return out;
}

async function main(): Promise<void> {
  const loadBefore = await loadAverage();
  const databaseUrl = await freshDatabase(DATABASE);
  step(`database ${DATABASE} made afresh`);
  // The machine's description asks DATABASE_URL's server for its version.
  Deno.env.set("DATABASE_URL", databaseUrl);
  const sql = connect(databaseUrl, { max: 2, name: "bench-console" });
  const stops: (() => Promise<void>)[] = [];
  try {
    step("seeding (about a minute)");
    const seeded = await seed(sql, {
      size: ISSUE_SIZE,
      // The test console opens secrets with the test stacks' key: seal with the same.
      secrets: createSecretBox(parseSecretKeys(TEST_ENV.WEBHOOK_SECRET_KEYS).keys),
      log: step,
    });
    const cookie = await signIn(sql, seeded.partnerId);
    const webhookId = seeded.webhookIds[0]!;
    const jobsCursor = await cursorAfter(sql, seeded.partnerId, 5_000);
    const server = await startConsole(databaseUrl);
    stops.push(server.stop);
    const found = await discover(
      server.url,
      cookie,
      fixedPages({ webhookId, jobsCursor }),
      webhookId,
    );
    for (const s of found.skipped) step(`not measured: ${s.name}: ${s.reason}`);
    const overview = found.html.get("overview");
    if (!overview) throw new Error("the overview does not answer 200");
    const bare = await startBareHono(overview);
    stops.push(bare.stop);
    step(
      `measuring ${found.targets.length} pages and the bare handler: ${CONFIG.rounds} rounds ` +
        `of ${CONFIG.perRound} requests each after ${CONFIG.warmup} warm-up requests`,
    );
    const [bareResult, ...pageResults] = await measureAll([
      { name: "bare Hono handler", url: `${bare.url}/` },
      ...found.targets.map((t) => ({
        name: t.name,
        url: `${server.url}${t.path}`,
        headers: { cookie },
      })),
    ], { ...CONFIG, log: step });
    const pages = pageResults.map((m, i) =>
      compare({ ...m, path: found.targets[i]!.path }, bareResult!)
    );
    const now = new Date();
    const machine = await describeMachine(
      "fetch: one client, one request at a time (bench/console)",
    );
    const loadAfter = await loadAverage();
    const report: ConsoleReport = {
      date: now.toISOString().slice(0, 10),
      generated_at: now.toISOString(),
      commit: await commitUnderTest(),
      config: {
        warmup: CONFIG.warmup,
        rounds: CONFIG.rounds,
        per_round: CONFIG.perRound,
        target_p95_ms: TARGET_P95_MS,
      },
      machine,
      load_average: { before: loadBefore, after: loadAfter },
      data: {
        size: ISSUE_SIZE,
        rows: seeded.rows,
        bare_bytes: new TextEncoder().encode(overview).length,
      },
      bare: bareResult!,
      pages,
      skipped: found.skipped,
      notes: await notes(sql, {
        partnerId: seeded.partnerId,
        loadBefore,
        cores: machine.nproc,
      }),
    };
    for (const p of pages) {
      step(
        `${p.name}: p50 ${p.stats.p50.toFixed(1)} ms, p95 ${p.stats.p95.toFixed(1)} ms, ` +
          `p99 ${p.stats.p99.toFixed(1)} ms (${p.met ? "met" : "MISSED"})`,
      );
    }
    const json = new URL(datedJsonName("console", report.date), RESULTS_DIR);
    await Deno.writeTextFile(json, JSON.stringify(report, null, 2) + "\n");
    await Deno.writeTextFile(new URL("console.md", RESULTS_DIR), consoleMarkdown(report));
    step(`wrote ${json.pathname} and console.md`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await sql.end();
  }
}

if (import.meta.main) await runBenchmark(main);
