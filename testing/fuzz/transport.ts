/**
 * How a generated request travels: who sends it, its method, the framing of its body and
 * header fields other programs read or the HTTP server refuses.
 * @module
 */
import fc from "fast-check";
import { garbageAuthorization, hostileHeaderValue } from "./hostile_values.ts";
import type { Operation } from "./openapi_operations.ts";
import { latin1 } from "./raw_http.ts";

/** Who sends a request; the runner turns it into an `Authorization` header. */
export type Sender =
  | { as: "partner" }
  | { as: "sandbox" }
  | { as: "nobody" }
  | { as: "garbage"; authorization: string };

const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "FOO"];

/** Who sends a request of `op`: mostly the partner, or nobody for a public operation. */
export function senderFor(op: Operation): fc.Arbitrary<Sender> {
  const garbage = garbageAuthorization.map((authorization): Sender => ({
    as: "garbage",
    authorization,
  }));
  const sandbox = fc.constant<Sender>({ as: "sandbox" });
  const nobody = fc.constant<Sender>({ as: "nobody" });
  if (op.public) {
    return fc.oneof({ weight: 8, arbitrary: nobody }, fc.constant({ as: "partner" }), garbage);
  }
  return fc.oneof(
    { weight: 20, arbitrary: fc.constant<Sender>({ as: "partner" }) },
    { weight: 2, arbitrary: sandbox },
    { weight: 1, arbitrary: nobody },
    { weight: 2, arbitrary: garbage },
  );
}

/** What the sender alone makes the API refuse. */
export function senderRefusal(op: Operation, sender: Sender): string[] {
  if (op.public) return [];
  if (sender.as === "nobody" || sender.as === "garbage") return ["no valid key"];
  // The document lists 403 exactly for the operations a plan may not use.
  if (sender.as === "sandbox" && op.statuses.includes("403")) return ["Sandbox plan"];
  return [];
}

/** How the body goes on the wire. */
export type Framing = "length" | "chunked" | "broken chunks" | "two lengths" | "bad length";

/** Mostly a plain length; now and then chunked, broken or doubly framed. */
export const framing: fc.Arbitrary<Framing> = fc.oneof(
  { weight: 30, arbitrary: fc.constant("length" as const) },
  { weight: 2, arbitrary: fc.constant("chunked" as const) },
  fc.constantFrom<Framing>("broken chunks", "two lengths", "bad length"),
);

/** `body` framed `how`, with the header fields that say so. */
export function frame(
  body: Uint8Array,
  how: Framing,
): { headers: [string, string][]; body: Uint8Array } {
  const chunked = (broken: boolean) => {
    const size = broken ? "zz" : body.length.toString(16);
    const text = new Uint8Array([...latin1(`${size}\r\n`), ...body, ...latin1("\r\n0\r\n\r\n")]);
    return { headers: [["Transfer-Encoding", "chunked"]] as [string, string][], body: text };
  };
  switch (how) {
    case "length":
      return { headers: [], body };
    case "chunked":
      return body.length ? chunked(false) : { headers: [], body };
    case "broken chunks":
      return chunked(true);
    case "two lengths":
      return {
        headers: [["Content-Length", String(body.length)], ["Content-Length", "0"]],
        body,
      };
    case "bad length":
      return { headers: [["Content-Length", `+${body.length}`]], body };
  }
}

/** Odd header fields: huge, many, with controls, or what other programs read. */
export const extraHeaders: fc.Arbitrary<[string, string][]> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<[string, string][]>([]) },
  fc.tuple(
    fc.constantFrom("X-Fuzz", "X-Request-Id", "Accept", "Accept-Language", "X-Forwarded-For"),
    hostileHeaderValue,
  ).map((h): [string, string][] => [h]),
  fc.constantFrom(120, 130).map((n) =>
    Array.from({ length: n }, (_, i): [string, string] => [`X-F${i}`, "v"])
  ),
  fc.constantFrom<[string, string][]>(
    [["Content-Encoding", "gzip"]],
    [["Expect", "100-continue"]],
    [["X Bad", "v"]],
    [["Host", "evil.example"]],
  ),
);

/**
 * `op`'s method, now and then another one; `listed` are the methods the document lists for
 * its path.
 */
export function methodFor(op: Operation, listed: readonly string[]): fc.Arbitrary<{
  method: string;
  mustRefuse: string[];
}> {
  const other = fc.constantFrom(...OTHER_METHODS.filter((m) => m !== op.method), "get").map(
    (method) => {
      const served = listed.includes(method) || (method === "HEAD" && listed.includes("GET"));
      // A lowercase method is another method (RFC 9110 §9.1), but clients differ: no claim.
      const claim = !served && method === method.toUpperCase();
      return { method, mustRefuse: claim ? [`method ${method} not in the document`] : [] };
    },
  );
  return fc.oneof(
    { weight: 24, arbitrary: fc.constant({ method: op.method, mustRefuse: [] as string[] }) },
    other,
  );
}
