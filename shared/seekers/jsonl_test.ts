import assert from "node:assert/strict";
import { type JsonLine, readJsonLines } from "./jsonl.ts";

/** A stream that delivers `bytes` in chunks of `size` bytes. */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function read(text: string, size = 1 << 16, maxLineChars?: number): Promise<JsonLine[]> {
  return await Array.fromAsync(readJsonLines(chunked(text, size), { maxLineChars }));
}

Deno.test("readJsonLines numbers lines as an editor does and skips blank ones", async () => {
  const lines = await read('{"a":1}\n\n  \n{"a":2}\n[3]');
  assert.deepEqual(lines, [
    { line: 1, value: { a: 1 } },
    { line: 4, value: { a: 2 } },
    { line: 5, value: [3] },
  ]);
});

Deno.test("readJsonLines accepts CRLF endings, a byte order mark and a final newline", async () => {
  const lines = await read('\uFEFF{"a":1}\r\n\r\n{"a":2}\r\n');
  assert.deepEqual(lines, [{ line: 1, value: { a: 1 } }, { line: 3, value: { a: 2 } }]);
});

Deno.test("readJsonLines gives the same lines whatever the chunking, even inside characters", async () => {
  const text = '{"city":"جدة","headline":"ممرضة 🩺"}\n\n{"x":"ü"}\n';
  const whole = await read(text);
  for (const size of [1, 2, 3, 5, 7]) assert.deepEqual(await read(text, size), whole);
  assert.deepEqual(whole[0], { line: 1, value: { city: "جدة", headline: "ممرضة 🩺" } });
});

Deno.test("readJsonLines reports invalid JSON and overlong lines and goes on", async () => {
  const long = `"${"x".repeat(50)}"`;
  for (const size of [4, 1000]) {
    const lines = await read(`not json\n${long}\n{"ok":true}\n${long}`, size, 20);
    assert.equal(lines.length, 4);
    assert.match((lines[0] as { error: string }).error, /^Not valid JSON/);
    assert.deepEqual(lines[1], { line: 2, error: "Line is longer than 20 characters." });
    assert.deepEqual(lines[2], { line: 3, value: { ok: true } });
    assert.deepEqual(lines[3], { line: 4, error: "Line is longer than 20 characters." });
  }
});
