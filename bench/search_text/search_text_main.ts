/**
 * `deno task bench:search-text`: what a job's text costs Postgres when the job is stored, in
 * the schema of the release before migration 0020 (`site_search_text` as 0007 wrote it) and
 * in this one, side by side on two fresh databases, for jobs as partners write them and for
 * the short jobs the other benchmarks send. Writes `bench/results/search-text.md` and
 * `bench/results/search-text-<UTC date>.json`.
 *
 * | variable                    | default | meaning                                        |
 * | --------------------------- | ------- | ---------------------------------------------- |
 * | `BENCH_SEARCH_TEXT_JOBS`    | `2000`  | jobs of each kind per measurement              |
 * | `BENCH_SEARCH_TEXT_REPEATS` | `3`     | measurements of each figure (the median kept)  |
 * | `BENCH_SEARCH_TEXT_BATCH`   | `12`    | jobs an insert's transaction writes            |
 * @module
 */
import { connect, type Sql } from "@hire/db";
import { createRandom, syntheticJobs } from "@hire/fixtures";
import { newId } from "@hire/ids";
import { type JobRow, newJobRow } from "@hire/jobs";
import { createMinimalTable, MINIMAL_PARTNER } from "../baselines/minimal_db.ts";
import { commitUnderTest } from "../common/commit.ts";
import { freshDatabase } from "../common/fresh_database.ts";
import { jobBody } from "../common/load.ts";
import { describeMachine } from "../common/machine.ts";
import { machineTable } from "../common/markdown.ts";
import { RESULTS_DIR, runBenchmark, step } from "../common/proc.ts";
import { postingFields } from "../common/postings.ts";
import { backendPid, bareInsertCost, jobsInsertCost, searchTextCost } from "./measure.ts";
import { costTable, type JobKind, medians, type Schema } from "./report.ts";

const int = (name: string, def: number) => {
  const v = Number(Deno.env.get(name) ?? def);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};
const CONFIG = {
  jobs: int("BENCH_SEARCH_TEXT_JOBS", 2000),
  repeats: int("BENCH_SEARCH_TEXT_REPEATS", 3),
  batch: int("BENCH_SEARCH_TEXT_BATCH", 12),
};

/** The release before 0020: its databases were migrated this far. */
const BEFORE_VERSION = 19;
const LABELS: Record<Schema, string> = { before: "0007's function", now: "0020's" };

type Fields = Pick<JobRow, "title" | "description" | "city">;

/** The kinds of jobs measured, each `count` of them. */
function jobKinds(count: number): { name: string; about: string; fields: Fields[] }[] {
  return [
    {
      name: "postings",
      about: "ads as partners write them (`bench/common/postings.ts`): about half Arabic, a " +
        "third English, the rest Arabic with the English title; half short, half long",
      fields: postingFields(count, 15).map((f) => ({ ...f, city: "Riyadh" })),
    },
    {
      name: "synthetic",
      about: "the short ads of bench:pipeline, bench:starvation and the chaos suite " +
        "(`@hire/fixtures`' `syntheticJobs`)",
      fields: syntheticJobs(count, ["Riyadh", "Jeddah"], createRandom(16)).map((j) => j.body),
    },
    {
      name: "load",
      about: "bench:baselines' and bench:api's create body (`bench/common/load.ts`)",
      fields: Array.from({ length: count }, (_, i) => jobBody(`Bench Engineer ${i}`)),
    },
  ];
}

/** Fresh rows of `fields` (new ids each time, so every insert is a new job). */
const rowsOf = (fields: readonly Fields[]): JobRow[] =>
  fields.map((f) =>
    newJobRow({
      jobId: newId("job"),
      partnerId: MINIMAL_PARTNER,
      // The load body's employment type and salary for every kind: only the text differs.
      fields: { ...jobBody(f.title), description: f.description, city: f.city, currency: "SAR" },
      at: new Date(),
    })
  );

async function prepare(name: string, upTo?: number): Promise<{ sql: Sql; pid: number }> {
  const sql = connect(await freshDatabase(name, { upTo }), { max: 1, name: "bench" });
  await sql`INSERT INTO partners (id, name, plan) VALUES (${MINIMAL_PARTNER}, 'Bench', 'scale')`;
  await createMinimalTable(sql);
  return { sql, pid: await backendPid(sql) };
}

async function main() {
  const at = new Date().toISOString();
  const commit = await commitUnderTest();
  step(`databases: migrations up to ${BEFORE_VERSION}, and all`);
  const dbs: Record<Schema, { sql: Sql; pid: number }> = {
    before: await prepare("hire_bench_search_text_before", BEFORE_VERSION),
    now: await prepare("hire_bench_search_text"),
  };
  const defs = jobKinds(CONFIG.jobs);
  const kinds: JobKind[] = defs.map((k) => ({
    name: k.name,
    about: k.about,
    chars: k.fields.reduce((n, f) => n + f.title.length + f.description.length, 0) /
      k.fields.length,
    costs: {
      before: { searchText: [], jobsInsert: [], bareInsert: [] },
      now: { searchText: [], jobsInsert: [], bareInsert: [] },
    },
  }));
  try {
    for (let r = 0; r < CONFIG.repeats; r++) {
      // Each repeat alternates which schema goes first, so neither always runs warmer.
      const order: Schema[] = r % 2 === 0 ? ["before", "now"] : ["now", "before"];
      for (const [i, kind] of kinds.entries()) {
        for (const schema of order) {
          const { sql, pid } = dbs[schema];
          const rows = rowsOf(defs[i]!.fields);
          const c = kind.costs[schema];
          c.searchText.push(await searchTextCost(sql, pid, rows));
          c.jobsInsert.push(await jobsInsertCost(sql, pid, rows, CONFIG.batch));
          c.bareInsert.push(await bareInsertCost(sql, pid, rows, CONFIG.batch));
        }
        const [b, n] = [medians(kind.costs.before), medians(kind.costs.now)];
        step(
          `${kind.name} (${r + 1}/${CONFIG.repeats}): search text ${b.searchText.toFixed(0)} → ` +
            `${n.searchText.toFixed(0)} µs a job, jobs insert ${b.jobsInsert.toFixed(0)} → ` +
            `${n.jobsInsert.toFixed(0)}, bare insert ${n.bareInsert.toFixed(0)}`,
        );
      }
    }
  } finally {
    await Promise.all([dbs.before.sql.end(), dbs.now.sql.end()]);
  }
  const machine = await describeMachine("none (statements from one connection per database)");
  const date = at.slice(0, 10);
  const json = `search-text-${date}.json`;
  await Deno.writeTextFile(
    new URL(json, RESULTS_DIR),
    JSON.stringify({ at, commit, config: CONFIG, machine, kinds }, null, 2) + "\n",
  );
  await Deno.writeTextFile(
    new URL("search-text.md", RESULTS_DIR),
    report(at, commit, kinds) +
      "\n\n## Machine\n\n" + machineTable(machine, at) + "\n",
  );
  step(`wrote bench/results/search-text.md and bench/results/${json}`);
}

function report(at: string, commit: string, kinds: readonly JobKind[]): string {
  return `# What a job's text costs Postgres when it is stored

Measured on ${at.slice(0, 10)} (${at}) with \`deno task bench:search-text\`, commit ${commit}.

Two databases made afresh: one migrated up to ${BEFORE_VERSION} (the release before migration 0020, with
\`site_search_text\` as 0007 wrote it), one migrated whole. In each, for ${CONFIG.jobs} jobs of every kind
below, from one connection whose backend's CPU is read from \`/proc\` around each step (median of
${CONFIG.repeats} repeats, the schemas' order alternating): the search text of every job's title and
description (what the generated \`search\` column of \`jobs\` is built from, beside its
\`to_tsvector\`); the job service's insert of the same jobs (\`saveJobs\`, ${CONFIG.batch} jobs a
transaction: every index, the search vector, the feed's GIN index); and, as the yardstick, a bare
insert of the same rows into a table shaped like \`jobs\` with its primary key alone (bench:baselines'
minimal insert handler's table), also ${CONFIG.batch} a transaction.

${kinds.map((k) => `- **${k.name}**: ${k.about}.`).join("\n")}

${costTable(kinds, LABELS)}`;
}

if (import.meta.main) await runBenchmark(main);
