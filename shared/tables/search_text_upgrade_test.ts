/**
 * The site's search text across releases: migration 0020 rewrote Postgres's function for the
 * same output, and 0021 moved the rules into the job service (siteSearchText), keeping every
 * vector stored before. Each step must give every text the search text it had, or a stored
 * job and what a seeker types would no longer meet.
 */
import assert from "node:assert/strict";
import { createRandom, OCCUPATIONS, syntheticJobs } from "@hire/fixtures";
import { migrate, migrateUpTo, type Sql } from "@hire/db";
import { jobRow } from "@hire/testing/job_rows.ts";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { siteSearchText } from "@hire/text";
import { matchesSiteSearch, saveJobs } from "./jobs.ts";
import { createPartner } from "./partners.ts";

// What the rules act on, alone and in the combinations that decide them: the letters folded,
// the marks dropped, each article and the letters around it, what is or is not a word
// character (digits, Latin and accented letters, a mark above a letter and a Roman numeral,
// which are; the underscore, a superscript digit, punctuation and line breaks, which are not),
// and the letters whose lower case JavaScript writes differently from Postgres (İ, final Σ).
const PIECES = [
  ..."اأإآٱىةيهلوبكفرضم",
  ..."ًٌٍَُِّْٰـ",
  ...["ال", "لل", "وال", "بال", "كال", "فال"],
  ..." _-.\n1٣aBéİßΣΟ\u0654Ⅻ²",
];

/** Strings of 1 to 14 pieces, the same ones every run. */
function builtStrings(count: number): string[] {
  const rnd = createRandom(20);
  return Array.from(
    { length: count },
    () => Array.from({ length: rnd.int(1, 14) }, () => rnd.pick(PIECES)).join(""),
  );
}

/** Job ads and the occupation catalogue's own words, in both languages. */
function jobTexts(): string[] {
  const jobs = syntheticJobs(300, ["Riyadh", "الرياض", "جدة", "المدينة المنورة"], createRandom(7));
  const catalogue = OCCUPATIONS.flatMap((o) =>
    [o.ar, o.en].flatMap((t) => [t.title, ...t.duties, ...t.skills])
  );
  return [...jobs.flatMap((j) => [j.body.title, j.body.description]), ...catalogue];
}

/** What Postgres's own function (migrations 0007 to 0020) makes of each text. */
const postgresSearchTexts = async (sql: Sql, texts: string[]) =>
  (await sql<{ v: string }[]>`
    SELECT site_search_text(t) AS v FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, n)
    ORDER BY n`).map((r) => r.v);

Deno.test("migration 0020 gives every text the search text 0007's function gave it, so stored vectors stay valid", async () => {
  await withOwnDatabase({ name: "search-text-upgrade-test", upTo: 19 }, async (sql) => {
    const texts = [...jobTexts(), ...builtStrings(20_000)];
    const before = await postgresSearchTexts(sql, texts);
    assert.deepEqual(await migrateUpTo(sql, 20), ["0020_search_text_cost.sql"]);
    const after = await postgresSearchTexts(sql, texts);
    const differing = texts.filter((_, i) => before[i] !== after[i]);
    assert.deepEqual(differing, []);
    // The strings reach the article rule: thousands start a word with an article.
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM unnest(${texts}::text[]) t
      WHERE t ~ '(^|[^[:alnum:]])([وبكف]?ال|لل)[[:alnum:]]{2}'`;
    assert.ok(row!.n > 2_000, `${row!.n} strings start a word with an article`);
  });
});

Deno.test("siteSearchText gives every text the search text Postgres's function gave it before migration 0021", async () => {
  await withOwnDatabase({ name: "search-text-service-test", upTo: 20 }, async (sql) => {
    const texts = [...jobTexts(), ...builtStrings(20_000)];
    const postgres = await postgresSearchTexts(sql, texts);
    const differing = texts.filter((t, i) => siteSearchText(t) !== postgres[i]);
    assert.deepEqual(differing, []);
  });
});

Deno.test("after migration 0021 the vectors stored before stay, the job service writes the same ones, and the site finds both", async () => {
  await withOwnDatabase({ name: "search-vector-upgrade-test", upTo: 20 }, async (sql) => {
    const { partner_id: partnerId } = await createPartner(sql, {
      name: "Upgrade",
      plan: "growth",
      adminEmails: [],
    });
    const fields = {
      title: "مُمرِّضة عناية مركزة",
      description: "نبحث عن ممرضة للعمل بالرياض في المستشفى. ICU nurses welcome.",
    };
    // A job as the release before stored it: Postgres generated its vector.
    const old = jobRow({ partnerId, fields });
    await sql`INSERT INTO jobs (id, partner_id, title, description, city, employment_type,
                                currency, status, embedding_status, created_at, updated_at)
      VALUES (${old.id}, ${partnerId}, ${old.title}, ${old.description}, ${old.city},
              ${old.employment_type}, 'SAR', 'active', 'processing', now(), now())`;
    const vectorOf = async (id: string) =>
      (await sql<{ v: string }[]>`SELECT search::text AS v FROM jobs WHERE id = ${id}`)[0]!.v;
    const stored = await vectorOf(old.id);

    assert.deepEqual((await migrate(sql)).slice(0, 1), ["0021_search_text_in_job_service.sql"]);
    assert.equal(await vectorOf(old.id), stored, "the stored vector is kept");
    const [column] = await sql<{ generated: string }[]>`
      SELECT attgenerated AS generated FROM pg_attribute
      WHERE attrelid = 'jobs'::regclass AND attname = 'search'`;
    assert.equal(column!.generated, "", "no longer generated");

    const fresh = jobRow({ partnerId, fields });
    await sql.begin((tx) => saveJobs(tx, [fresh]));
    assert.equal(
      await vectorOf(fresh.id),
      stored,
      "the job service writes the vector Postgres did",
    );

    const found = async (typed: string) =>
      (await sql<{ id: string }[]>`
        SELECT j.id FROM jobs j WHERE ${matchesSiteSearch(sql, typed)} ORDER BY j.id`)
        .map((r) => r.id);
    const both = [old.id, fresh.id].sort();
    assert.deepEqual(await found("الممرضة الرياض"), both);
    assert.deepEqual(await found("nurse"), both);

    // A change of the text writes its vector again.
    await sql.begin((tx) =>
      saveJobs(tx, [{ ...fresh, title: "Pharmacist", description: "Retail pharmacy in Jeddah." }])
    );
    assert.deepEqual(await found("nurse"), [old.id]);
    assert.deepEqual(await found("صيدلي pharmacists"), []);
    assert.deepEqual(await found("pharmacists"), [fresh.id]);
  });
});
