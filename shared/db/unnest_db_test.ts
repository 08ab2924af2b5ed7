import assert from "node:assert/strict";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { connect } from "./connect.ts";
import { unnestSelect } from "./unnest.ts";

const COLUMNS = {
  id: "text",
  n: "int",
  ok: "boolean",
  at: "timestamptz",
  doc: "jsonb",
  bytes: "bytea",
  tags: "text[]",
} as const;

interface Row {
  id: string;
  n: number | null;
  ok: boolean | null;
  at: Date | null;
  doc: unknown;
  bytes: Uint8Array | null;
  tags: string[] | null;
}

Deno.test("unnestSelect: rows of every column type come back from Postgres as given, in order", async () => {
  const sql = connect(TEST_DATABASE_URL, { max: 1 });
  try {
    const rows: Row[] = [
      {
        id: 'a "quoted", {braced} \\ text',
        n: -7,
        ok: false,
        at: new Date("2026-11-30T02:30:00.123Z"),
        doc: { ar: "وظيفة", list: [1, null] },
        bytes: new Uint8Array([0, 92, 34, 255]),
        tags: ["NULL", "", 'x"y'],
      },
      { id: "nulls", n: null, ok: null, at: null, doc: null, bytes: null, tags: null },
      { id: "last", n: 2_000_000_000, ok: true, at: null, doc: [], bytes: null, tags: [] },
    ];
    const back = await sql<Row[]>`SELECT * FROM (${unnestSelect(sql, rows, COLUMNS)}) AS r`;
    assert.deepEqual(
      back.map((r) => ({ ...r, bytes: r.bytes && new Uint8Array(r.bytes) })),
      rows,
    );
  } finally {
    await sql.end();
  }
});

Deno.test("unnestSelect: no rows is a row source of none", async () => {
  const sql = connect(TEST_DATABASE_URL, { max: 1 });
  try {
    const back = await sql`SELECT * FROM (${unnestSelect(sql, [] as Row[], COLUMNS)}) AS r`;
    assert.equal(back.length, 0);
  } finally {
    await sql.end();
  }
});

Deno.test("unnestSelect: json and jsonb beside other columns, 500 rows in order, json's text as given, null as SQL NULL", async () => {
  const sql = connect(TEST_DATABASE_URL, { max: 1 });
  try {
    const rows = Array.from({ length: 500 }, (_, i) => ({
      id: `r${i}`,
      // json keeps the text as given: key order, a bare string, a backslash and a quote.
      raw: i % 3 === 0 ? null : i % 3 === 1 ? { z: i, a: 'q"\\' } : `s${i}`,
      doc: i % 2 === 0 ? { n: i, ar: "وظيفة" } : undefined,
    }));
    const back = await sql<{ id: string; raw: string | null; doc: unknown }[]>`
      SELECT id, raw::text AS raw, doc
      FROM (${unnestSelect(sql, rows, { raw: "json", id: "text", doc: "jsonb" })}) AS r`;
    assert.deepEqual(
      [...back],
      rows.map((r) => ({
        id: r.id,
        raw: r.raw === null ? null : JSON.stringify(r.raw),
        doc: r.doc ?? null,
      })),
    );
  } finally {
    await sql.end();
  }
});

Deno.test("unnestSelect: rows of json and jsonb columns alone, inserted in the order given", async () => {
  const sql = connect(TEST_DATABASE_URL, { max: 1 });
  try {
    await sql.begin(async (tx) => {
      await tx`CREATE TEMP TABLE docs (seq bigserial, a jsonb, b json) ON COMMIT DROP`;
      const rows = Array.from({ length: 300 }, (_, i) => ({ a: { i }, b: [i] }));
      await tx`INSERT INTO docs (a, b) SELECT a, b
        FROM (${unnestSelect(tx, rows, { a: "jsonb", b: "json" })}) AS r`;
      const back = await tx<{ a: { i: number }; b: number[] }[]>`
        SELECT a, b FROM docs ORDER BY seq`;
      assert.deepEqual([...back], rows);
    });
  } finally {
    await sql.end();
  }
});
