import assert from "node:assert/strict";
import { latin1, NoResponse, type RawRequest, sendRaw } from "./raw_http.ts";
import { CHUNKED_BODY_BROKEN, isChunked, MAX_HEAD_BYTES, wireProblems } from "./wire_rules.ts";

const get = (over: Partial<RawRequest> = {}): RawRequest => ({
  method: "GET",
  target: "/v1/partner/jobs?limit=5",
  headers: [["Authorization", "Bearer hk_live_x"]],
  ...over,
});

Deno.test("wireProblems passes well-formed HTTP on, odd but legal bytes included", () => {
  assert.deepEqual(wireProblems(get()), []);
  assert.deepEqual(wireProblems(get({ target: "http://evil.example/v1?a=%00" })), []);
  assert.deepEqual(wireProblems(get({ headers: [["X-A", "tab\there \u00e9\u00ff"]] })), []);
  assert.deepEqual(wireProblems(get({ method: "FOO" })), []);
  const body = latin1('{"a":1}');
  assert.deepEqual(wireProblems(get({ method: "POST", body })), []);
});

Deno.test("wireProblems names what Deno's server refuses before the API sees it", () => {
  const cases: [Partial<RawRequest>, RegExp][] = [
    [{ target: "/a b" }, /target/],
    [{ target: "/\u00e9" }, /target/],
    [{ target: "v1/partner/jobs" }, /not a path/],
    [{ method: "GET /x" }, /method/],
    [{ headers: [["X A", "v"]] }, /not a token/],
    [{ headers: [["X-A", "a\u0000b"]] }, /control/],
    [{ headers: [["X-A", "a\u007fb"]] }, /control/],
    [{ headers: [["X-A", "a\r\n b"]] }, /control/],
    [{ headers: [["Host", "evil.example"]] }, /Host/],
    [
      { headers: Array.from({ length: 127 }, (_, i): [string, string] => [`X-${i}`, "v"]) },
      /fields/,
    ],
    [{ headers: [["X-Pad", "a".repeat(MAX_HEAD_BYTES)]] }, /head of/],
    [{ headers: [["Content-Length", "+2"]], body: latin1("{}") }, /Content-Length/],
    [
      { headers: [["Content-Length", "2"], ["Content-Length", "0"]], body: latin1("{}") },
      /Content-Length/,
    ],
    [{ headers: [["Transfer-Encoding", "gzip"]], body: latin1("{}") }, /other than chunked/],
    [
      { headers: [["Transfer-Encoding", "chunked"]], body: latin1("zz\r\n{}\r\n0\r\n\r\n") },
      new RegExp(CHUNKED_BODY_BROKEN),
    ],
  ];
  for (const [over, why] of cases) {
    const problems = wireProblems(get(over));
    assert.ok(
      problems.some((p) => why.test(p)),
      `${JSON.stringify(over).slice(0, 80)}: ${problems}`,
    );
  }
  // 126 fields of the request's own, with Host and Connection: 128, the most allowed.
  const most = Array.from({ length: 126 }, (_, i): [string, string] => [`X-${i}`, "v"]);
  assert.deepEqual(wireProblems(get({ headers: most })), []);
});

Deno.test("isChunked tells a well-formed chunked body from a broken one", () => {
  assert.ok(isChunked(latin1("2\r\n{}\r\n0\r\n\r\n")));
  assert.ok(isChunked(latin1("1;ext=1\r\n{\r\n1\r\n}\r\n0\r\n\r\n")));
  assert.ok(!isChunked(latin1("zz\r\n{}\r\n0\r\n\r\n")));
  assert.ok(!isChunked(latin1("3\r\n{}\r\n0\r\n\r\n")));
  assert.ok(!isChunked(latin1("2\r\n{}\r\n")));
});

Deno.test("wireProblems agrees with Deno's HTTP server on what it refuses itself", async () => {
  // A handler that reads the body, as the API's routes do.
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    await req.arrayBuffer();
    return new Response("ok");
  });
  const addr = { hostname: "127.0.0.1", port: server.addr.port };
  const requests: Partial<RawRequest>[] = [
    {},
    { target: "/a b" },
    { target: "/\u00e9" },
    { target: "v1" },
    { target: "http://evil.example/x" },
    { headers: [["X A", "v"]] },
    { headers: [["X-A", "a\u0001b"]] },
    { headers: [["X-A", "tab\there \u00e9"]] },
    { headers: [["Host", "evil.example"]] },
    { headers: Array.from({ length: 126 }, (_, i): [string, string] => [`X-${i}`, "v"]) },
    { headers: Array.from({ length: 127 }, (_, i): [string, string] => [`X-${i}`, "v"]) },
    { headers: [["X-Pad", "a".repeat(MAX_HEAD_BYTES - 100)]] },
    { headers: [["X-Pad", "a".repeat(MAX_HEAD_BYTES)]] },
    { method: "POST", headers: [["Content-Length", "+2"]], body: latin1("{}") },
    { method: "POST", headers: [["Transfer-Encoding", "gzip"]], body: latin1("{}") },
    {
      method: "POST",
      headers: [["Transfer-Encoding", "chunked"]],
      body: latin1("2\r\n{}\r\n0\r\n\r\n"),
    },
    { method: "POST", headers: [["Transfer-Encoding", "chunked"]], body: latin1("zz\r\n{}\r\n") },
  ];
  try {
    for (const over of requests) {
      const req = get(over);
      // The server counts the head's bytes with the Host it is sent.
      const problems = wireProblems(req, `127.0.0.1:${addr.port}`);
      const what = `${JSON.stringify(over).slice(0, 80)} (${problems})`;
      let answer: string;
      try {
        const res = await sendRaw(addr, req, { timeoutMs: 5_000 });
        answer = res.status === 400 && res.body.length === 0 ? "bare 400" : String(res.status);
      } catch (err) {
        assert.ok(err instanceof NoResponse, String(err));
        answer = "closed";
      }
      const expected = problems.includes(CHUNKED_BODY_BROKEN)
        ? "closed"
        : problems.length
        ? "bare 400"
        : "200";
      assert.equal(answer, expected, what);
    }
  } finally {
    await server.shutdown();
  }
});
