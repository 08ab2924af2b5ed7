import assert from "node:assert/strict";
import { jobBody } from "./load.ts";
import { luaScript, parseWrk } from "./wrk.ts";

// Captured from `wrk -t 2 -c 20 -d 2s --timeout 1s --latency -s <generated script>`
// against a stub answering 201, every 97th request 503 and every 500th after 1.5 s.
const SAMPLE = `Running 2s test @ http://127.0.0.1:18080/v1/partner/jobs
  2 threads and 20 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   241.80us  638.73us  12.76ms   96.36%
    Req/Sec    12.34k     8.10k   24.68k    66.67%
  Latency Distribution
     50%  110.00us
     75%  209.00us
     90%  431.00us
     99%    2.46ms
  19980 requests in 2.01s, 2.50MB read
  Socket errors: connect 0, read 0, write 0, timeout 20
  Non-2xx or 3xx responses: 206
Requests/sec:   9940.85
Transfer/sec:      1.24MB
bench-status 201=19774 503=206
`;

Deno.test("parseWrk reads rate, percentiles in ms, statuses and socket errors", () => {
  const r = parseWrk(SAMPLE);
  assert.equal(r.requests, 19980);
  assert.equal(r.elapsedS, 2.01);
  assert.equal(r.requestsPerSec, 9940.85);
  assert.ok(Math.abs(r.latencyMs.p50 - 0.11) < 1e-9);
  assert.ok(Math.abs(r.latencyMs.p75 - 0.209) < 1e-9);
  assert.ok(Math.abs(r.latencyMs.p90 - 0.431) < 1e-9);
  assert.equal(r.latencyMs.p99, 2.46);
  assert.deepEqual(r.statuses, { "201": 19774, "503": 206 });
  assert.equal(r.non2xx, 206);
  assert.deepEqual(r.socketErrors, { connect: 0, read: 0, write: 0, timeout: 20 });
});

Deno.test("parseWrk converts seconds and falls back to wrk's own error counter", () => {
  const plain = SAMPLE
    .replace("bench-status 201=19774 503=206\n", "")
    .replace("     99%    2.46ms", "     99%    1.20s")
    .replace("  Socket errors: connect 0, read 0, write 0, timeout 20\n", "");
  const r = parseWrk(plain);
  assert.equal(r.latencyMs.p99, 1200);
  assert.deepEqual(r.statuses, {});
  assert.equal(r.non2xx, 206);
  assert.deepEqual(r.socketErrors, { connect: 0, read: 0, write: 0, timeout: 0 });
});

Deno.test("parseWrk counts 3xx as non-2xx when statuses are known", () => {
  const r = parseWrk(SAMPLE.replace("bench-status 201=19774 503=206", "bench-status 200=10 302=2"));
  assert.equal(r.non2xx, 2);
});

Deno.test("parseWrk refuses output without --latency percentiles", () => {
  const noLatency = SAMPLE.replace(/ {2}Latency Distribution[\s\S]*?(?= {2}19980)/, "");
  assert.throws(() => parseWrk(noLatency), /50th percentile/);
});

Deno.test("luaScript cycles through the given ids and sends the key", () => {
  const lua = luaScript({
    scenario: "retrieve-job",
    baseUrl: "http://127.0.0.1:8080",
    apiKey: "key_1",
    kind: { type: "retrieve", ids: ["job_A", "job_B"] },
    durationS: 1,
    connections: 1,
    threads: 1,
    timeoutS: 1,
  }, "n");
  assert.match(
    lua,
    /local paths = \{ "\/v1\/partner\/jobs\/job_A", "\/v1\/partner\/jobs\/job_B" \}/,
  );
  assert.match(lua, /wrk\.headers\["Authorization"\] = "Bearer key_1"/);
});

/** What Lua reads from a literal of {@link lua}'s: its bytes, as UTF-8. */
function luaString(literal: string): string {
  const bytes: number[] = [];
  const body = literal.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "\\") bytes.push(body.charCodeAt(i));
    else if (/\d/.test(body[i + 1]!)) bytes.push(Number(body.slice(i + 1, (i += 3) + 1)));
    else bytes.push(body.charCodeAt(++i));
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
}

Deno.test("luaScript sends each given text in turn as its UTF-8, the script in ASCII, the title made unique", () => {
  const texts = [
    { title: "ممرضة – الرياض", description: "نبحث عن ممرضة\nRequirements: ICU" },
    { title: "Nurse", description: 'Say "hi" \\ bye' },
  ];
  const script = luaScript({
    scenario: "t",
    baseUrl: "http://127.0.0.1:1",
    apiKey: "k",
    kind: { type: "create", texts },
    durationS: 1,
    connections: 1,
    threads: 1,
    timeoutS: 1,
  }, "nonce");
  assert.match(script, /^[\x20-\x7e\n]*$/);
  const line = script.split("\n").find((l) => l.startsWith("local bodies = "))!;
  const literals = line.match(/"(?:[^"\\]|\\.)*"/g)!.map(luaString);
  assert.equal(literals.length, 4);
  for (const [i, text] of texts.entries()) {
    const sent = JSON.parse(`${literals[2 * i]}Bench Engineer nonce-1-7${literals[2 * i + 1]}`);
    const title = `Bench Engineer nonce-1-7 ${text.title}`;
    assert.deepEqual(sent, { ...jobBody(title), title, description: text.description });
  }
});
