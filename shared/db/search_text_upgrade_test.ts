import assert from "node:assert/strict";
import { createRandom, OCCUPATIONS, syntheticJobs } from "@hire/fixtures";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { migrate, type Sql } from "./mod.ts";

// What the rules act on, alone and in the combinations that decide them: the letters folded,
// the marks dropped, each article and the letters around it, and what is or is not a word
// character (digits, Latin and accented letters, the underscore, punctuation, line breaks).
const PIECES = [
  ..."اأإآٱىةيهلوبكفرضم",
  ..."ًٌٍَُِّْٰـ",
  ...["ال", "لل", "وال", "بال", "كال", "فال"],
  ..." _-.\n1٣aBéİß",
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

const searchTexts = async (sql: Sql, texts: string[]) =>
  (await sql<{ v: string }[]>`
    SELECT site_search_text(t) AS v FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, n)
    ORDER BY n`).map((r) => r.v);

Deno.test("migration 0020 gives every text the search text 0007's function gave it, so stored vectors stay valid", async () => {
  await withOwnDatabase({ name: "search-text-upgrade-test", upTo: 19 }, async (sql) => {
    const texts = [...jobTexts(), ...builtStrings(20_000)];
    const before = await searchTexts(sql, texts);
    assert.deepEqual((await migrate(sql)).slice(0, 1), ["0020_search_text_cost.sql"]);
    const after = await searchTexts(sql, texts);
    const differing = texts.filter((_, i) => before[i] !== after[i]);
    assert.deepEqual(differing, []);
    // The strings reach the article rule: thousands start a word with an article.
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM unnest(${texts}::text[]) t
      WHERE t ~ '(^|[^[:alnum:]])([وبكف]?ال|لل)[[:alnum:]]{2}'`;
    assert.ok(row!.n > 2_000, `${row!.n} strings start a word with an article`);
  });
});

Deno.test("site_search_text folds letters, drops marks and takes the article off words long enough", async () => {
  await withOwnDatabase({ name: "search-text-test" }, async (sql) => {
    const cases: [string, string][] = [
      ["الرياض", "رياض"],
      ["بالرياض والمدينة", "رياض مدينه"],
      ["مُدَرِّسَة", "مدرسه"],
      ["إدارة المستشفى", "اداره مستشفي"],
      ["أخصائي آلات", "اخصائي ات"], // آلات folds to الات, whose ال goes
      ["للغة", "غه"],
      ["والد", "والد"], // two letters must follow the article
      ["ال", "ال"],
      ["x_الرياض", "x_رياض"], // the underscore is no letter here
      ["ICU Nurse", "icu nurse"],
    ];
    assert.deepEqual(await searchTexts(sql, cases.map(([t]) => t)), cases.map(([, v]) => v));
  });
});
