import assert from "node:assert/strict";
import { encodeRequest, latin1, NoResponse, parseResponse, sendRaw } from "./raw_http.ts";

const text = (b: Uint8Array) => new TextDecoder("latin1").decode(b);

Deno.test("encodeRequest sends the bytes as given, with Host, Connection and the body's length", () => {
  const wire = text(encodeRequest({
    method: "POST",
    target: "/a?b=%00",
    headers: [["X-A", "\u00e9"], ["X-B", new Uint8Array([0xd8, 0xb1])]],
    body: latin1("{}"),
  }, "h:1"));
  assert.equal(
    wire,
    "POST /a?b=%00 HTTP/1.1\r\nHost: h:1\r\nX-A: \u00e9\r\nX-B: \u00d8\u00b1\r\n" +
      "Connection: close\r\nContent-Length: 2\r\n\r\n{}",
  );
  // A request that frames its own body keeps its framing.
  const chunked = text(encodeRequest({
    method: "POST",
    target: "/",
    headers: [["Transfer-Encoding", "chunked"]],
    body: latin1("0\r\n\r\n"),
  }, "h"));
  assert.ok(!chunked.includes("Content-Length"));
});

Deno.test("parseResponse reads a length, a chunked body and skips a 100 Continue", () => {
  const plain = parseResponse(latin1("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}extra"), "GET");
  assert.equal(plain.status, 200);
  assert.equal(text(plain.body), "{}");
  const chunked = parseResponse(
    latin1(
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 422 X\r\ntransfer-encoding: chunked\r\n\r\n" +
        "2\r\n{}\r\n0\r\n\r\n",
    ),
    "POST",
  );
  assert.equal(chunked.status, 422);
  assert.equal(text(chunked.body), "{}");
  assert.equal(parseResponse(latin1("HTTP/1.1 200 OK\r\n\r\nbody"), "HEAD").body.length, 0);
  assert.throws(() => parseResponse(latin1("garbage"), "GET"), /no complete response head/);
});

Deno.test("sendRaw gets a server's answer, and NoResponse when it hangs", async () => {
  let hang: (() => void) | undefined;
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    (req) =>
      new URL(req.url).pathname === "/hang"
        ? new Promise<Response>((resolve) => hang = () => resolve(new Response("late")))
        : new Response(`you sent ${req.headers.get("x-a")}`),
  );
  const addr = { hostname: "127.0.0.1", port: server.addr.port };
  try {
    const res = await sendRaw(addr, { method: "GET", target: "/", headers: [["X-A", "1"]] }, {
      timeoutMs: 5_000,
    });
    assert.equal(res.status, 200);
    assert.equal(text(res.body), "you sent 1");
    await assert.rejects(
      sendRaw(addr, { method: "GET", target: "/hang", headers: [] }, { timeoutMs: 200 }),
      (err) => err instanceof NoResponse && err.reason === "timeout",
    );
  } finally {
    hang?.();
    await server.shutdown();
  }
});
