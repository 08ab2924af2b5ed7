import assert from "node:assert/strict";
import { batchPublisher, importSeekers } from "./import.ts";
import { decodeSeeker } from "./contract.ts";
import type { JsonLine } from "./jsonl.ts";

type Message = { key: string; value: string };

const profile = (i: number) => ({
  headline: `Cashier ${i}`,
  summary: "",
  skills: ["Cash handling"],
  city: "Jeddah",
  employment_types: ["part_time"],
});

async function* linesOf(...values: unknown[]): AsyncGenerator<JsonLine> {
  let line = 0;
  for (const value of values) {
    line++;
    yield typeof value === "string" ? { line, error: value } : { line, value };
  }
}

/** Runs an import whose publish records each request. */
async function run(lines: AsyncIterable<JsonLine>, opts = {}) {
  const requests: Message[][] = [];
  let n = 0;
  const summary = await importSeekers(lines, {
    publish: (messages) => (requests.push(messages), Promise.resolve()),
    newId: () => `seek_01J9Z3K8W5X7Q2R4T6V8Y0A${String(n++).padStart(3, "0")}`,
    now: new Date("2025-05-05T05:05:05Z"),
  }, opts);
  return { summary, requests };
}

Deno.test("importSeekers publishes valid lines with filled ids and reports the others by line", async () => {
  const given = { ...profile(0), id: "seek_01J9Z3K8W5X7Q2R4T6V8Y0A2C4" };
  const { summary, requests } = await run(
    linesOf(
      given,
      { ...profile(1), city: "Dubai", colour: "red" },
      "Not valid JSON: x",
      profile(3),
    ),
  );
  assert.deepEqual(summary, {
    published: 2,
    rejected: 2,
    errors: [
      {
        line: 2,
        errors: [
          { field: "/city", message: summary.errors[0]!.errors[0]!.message },
          { field: "/colour", message: "Unknown field." },
        ],
      },
      { line: 3, errors: [{ field: "", message: "Not valid JSON: x" }] },
    ],
  });
  assert.match(summary.errors[0]!.errors[0]!.message, /city of Saudi Arabia/);
  const sent = requests.flat();
  assert.deepEqual(sent.map((m) => m.key), [given.id, "seek_01J9Z3K8W5X7Q2R4T6V8Y0A000"]);
  assert.deepEqual(sent.map((m) => decodeSeeker(m.value).updated_at), [
    "2025-05-05T05:05:05.000Z",
    "2025-05-05T05:05:05.000Z",
  ]);
});

Deno.test("importSeekers says Required for a missing field and caps the listed errors", async () => {
  const { headline: _, ...noHeadline } = profile(0);
  const { summary } = await run(linesOf(...Array(5).fill(noHeadline)), { maxErrors: 3 });
  assert.equal(summary.rejected, 5);
  assert.deepEqual(summary.errors.map((e) => e.line), [1, 2, 3]);
  assert.deepEqual(summary.errors[0]!.errors, [{ field: "/headline", message: "Required." }]);
});

Deno.test("importSeekers publishes in batches of at most maxMessages, in order", async () => {
  const { summary, requests } = await run(
    linesOf(...Array.from({ length: 7 }, (_, i) => profile(i))),
    { maxMessages: 3 },
  );
  assert.equal(summary.published, 7);
  assert.deepEqual(requests.map((r) => r.length), [3, 3, 1]);
  assert.deepEqual(
    requests.flat().map((m) => decodeSeeker(m.value).headline),
    Array.from({ length: 7 }, (_, i) => `Cashier ${i}`),
  );
});

Deno.test("batchPublisher starts a new batch before one would pass maxBytes", async () => {
  const requests: Message[][] = [];
  const batch = batchPublisher((m) => (requests.push(m), Promise.resolve()), { maxBytes: 25 });
  for (const value of ["aaaaaaaaaa", "bbbbbbbbbb", "cccccccccccccccccccccccccccccc", "d"]) {
    await batch.add({ key: "k", value });
  }
  await batch.flush();
  assert.deepEqual(requests.map((r) => r.map((m) => m.value[0]).join("")), ["ab", "c", "d"]);
  assert.equal(batch.published, 4);
});

Deno.test("a failed publish says how many profiles were published before it", async () => {
  let calls = 0;
  const batch = batchPublisher(() => {
    if (++calls === 2) return Promise.reject(new Error("broker gone"));
    return Promise.resolve();
  }, { maxMessages: 2 });
  await batch.add({ key: "1", value: "1" });
  await batch.add({ key: "2", value: "2" });
  await batch.add({ key: "3", value: "3" });
  await assert.rejects(
    batch.add({ key: "4", value: "4" }),
    /publishing failed after 2 profiles were published: broker gone/,
  );
});
