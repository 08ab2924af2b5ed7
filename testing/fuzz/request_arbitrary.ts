/**
 * An operation of the API document to a fast-check arbitrary of whole requests: path
 * parameters (existing ids, well-formed ones, ids of the wrong prefix, length or
 * characters), query parameters, headers (the Idempotency-Key around its format, odd and
 * huge fields), the body from its schema (`schema_arbitrary.ts`) in some byte encoding and
 * media type, who sends it (the partner, a Sandbox partner, nobody, a garbage key), now and
 * then another method or framing. Each request lists why the API must not answer it with a
 * success, when the document or a documented rule says so.
 * @module
 */
import fc from "fast-check";
import {
  bodyEncoding,
  contentType,
  encodeBody,
  idempotencyKeyValue,
  isAscii,
} from "./hostile_values.ts";
import { jsonText } from "./json_text.ts";
import type { Operation } from "./openapi_operations.ts";
import type { RawRequest } from "./raw_http.ts";
import { type Generated, type Mode, schemaArbitrary, type Violation } from "./schema_arbitrary.ts";
import {
  extraHeaders,
  frame,
  type Framing,
  framing,
  methodFor,
  type Sender,
  senderFor,
  senderRefusal,
} from "./transport.ts";
import { pathSegment, queryParam, type QueryPart, strayQuery } from "./url_parts.ts";

/** One generated request, before the runner adds the sender's key. */
export interface FuzzCase {
  /** The operation it was generated from, e.g. `GET /v1/partner/jobs/{id}`. */
  operation: string;
  mode: Mode;
  sender: Sender;
  request: RawRequest;
  /** Why the API must not answer 2xx; empty when a success is fine. */
  mustRefuse: string[];
}

/** What the generator knows of the system it fuzzes besides the document. */
export interface FuzzContext {
  /** Ids of resources the partner has (or had), by prefix: `job`, `wh`, `dlv`. */
  ids: Readonly<Record<string, readonly string[]>>;
  /** Valid values by member name, where the schema cannot say (cities). */
  hints: Readonly<Record<string, readonly unknown[]>>;
  /**
   * Valid bodies by operation (`POST /v1/partner/jobs`), for what the schema cannot say
   * (cross-member rules): `one fault` bends one member of one of them.
   */
  examples: Readonly<Record<string, readonly unknown[]>>;
  /** The methods the document lists for each path. */
  methodsByPath: Readonly<Record<string, readonly string[]>>;
}

/** A few keys every case may reuse, so replays, mismatches and key races happen. */
const SHARED_KEYS = ["fuzz-key-1", "fuzz-key-2", "fuzz-key-3"];

/** Whether a violation makes the whole request one the API must refuse. */
function refusesWhole(op: Operation, v: Violation): boolean {
  // A 207 (multi-status) reports each item of the body on its own: a bad item is reported,
  // not a reason to refuse the call. The text rule and depth limit hold for the whole body.
  const perItem = op.statuses.includes("207") && /^\/[^/]+\/\d+/.test(v.at);
  return !(perItem && v.rule === "schema");
}

/** A body of `op`'s schema in `mode`, from one of its examples when it has some. */
function bodyValue(op: Operation, ctx: FuzzContext, mode: Mode): fc.Arbitrary<Generated> {
  const schema = op.body?.schema;
  if (!schema) return fc.jsonValue({ maxDepth: 2 }).map((value) => ({ value, violations: [] }));
  const generated = schemaArbitrary(schema, { mode, hints: ctx.hints });
  const examples = ctx.examples[op.id] ?? [];
  if (examples.length === 0 || (mode !== "valid" && mode !== "one fault")) return generated;
  const fromExample = fc.constantFrom(...examples).chain((example) =>
    schemaArbitrary(schema, { mode, hints: ctx.hints, example })
  );
  return fc.oneof({ weight: 3, arbitrary: fromExample }, generated);
}

function bodyFor(op: Operation, ctx: FuzzContext, mode: Mode, plain: boolean): fc.Arbitrary<{
  bytes?: Uint8Array;
  headers: [string, string][];
  mustRefuse: string[];
}> {
  const generated = bodyValue(op, ctx, mode);
  const send = op.body?.required ? fc.constant(true) : fc.boolean();
  const sendAny = op.body ? send : fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, send);
  const type = plain ? fc.constant({ value: "application/json", json: true }) : contentType;
  return fc.tuple(
    sendAny,
    generated,
    plain ? fc.constant("utf-8" as const) : bodyEncoding,
    fc.nat(),
    type,
  )
    .map(([present, g, encoding, at, type]) => {
      if (!present) {
        return {
          headers: [],
          mustRefuse: op.body?.required ? ["a required body is missing"] : [],
        };
      }
      const text = jsonText(g.value);
      const bytes = encodeBody(text, encoding, at);
      const mustRefuse: string[] = [];
      if (op.body) {
        mustRefuse.push(
          ...g.violations.filter((v) => refusesWhole(op, v)).map((v) =>
            `body ${v.at || "/"}: ${v.rule} (${v.detail})`
          ),
        );
        if (encoding === "latin1" && !isAscii(text)) mustRefuse.push("body is not UTF-8");
        if (encoding === "invalid utf-8") mustRefuse.push("body is not UTF-8");
        if (encoding === "utf-16le" && text.length) mustRefuse.push("body is UTF-16");
        if (encoding === "truncated") mustRefuse.push("body is cut short");
        if (!type.json) mustRefuse.push(`media type ${type.value}`);
      }
      const headers: [string, string][] = type.value === undefined
        ? []
        : [["Content-Type", type.value]];
      return { bytes, headers, mustRefuse };
    });
}

/** The Idempotency-Key header parameter of `op`, if it has one. */
const keyParam = (op: Operation) =>
  op.parameters.find((p) => p.in === "header" && /^idempotency-key$/i.test(p.name));

function idempotencyHeader(op: Operation, mode: Mode): fc.Arbitrary<{
  headers: [string, string][];
  mustRefuse: string[];
}> {
  const param = keyParam(op);
  const none = { headers: [] as [string, string][], mustRefuse: [] as string[] };
  if (!param) return fc.constant(none);
  const shared = fc.constantFrom(...SHARED_KEYS).map((value) => ({ value, valid: true }));
  const keys = mode === "valid"
    ? fc.oneof(idempotencyKeyValue.filter((k) => k.valid), shared)
    : mode === "one fault"
    ? idempotencyKeyValue.filter((k) => !k.valid)
    : fc.oneof(idempotencyKeyValue, shared);
  const sent = keys.map(({ value, valid }) => ({
    headers: [[param.name, value]] as [string, string][],
    mustRefuse: valid ? [] : ["malformed Idempotency-Key"],
  }));
  if (mode === "one fault") return sent;
  return fc.oneof({ weight: 3, arbitrary: fc.constant(none) }, { weight: 5, arbitrary: sent });
}

/** The mode of each part of a request: its path and query parameters, key and body. */
interface PartModes {
  path: Mode[];
  query: Mode[];
  key: Mode;
  body: Mode;
}

/**
 * The modes of `op`'s parts for a request in `mode`: `one fault` bends one part, chosen
 * among those `op` has, and keeps the others valid; the other modes hold for every part.
 */
function partModes(op: Operation, mode: Mode): fc.Arbitrary<PartModes> {
  const paths = op.parameters.filter((p) => p.in === "path").length;
  const queries = op.parameters.filter((p) => p.in === "query").length;
  const parts = paths + queries + (keyParam(op) ? 1 : 0) + (op.body ? 1 : 0);
  const all = (m: Mode): PartModes => ({
    path: Array(paths).fill(m),
    query: Array(queries).fill(m),
    key: m,
    body: m,
  });
  // An operation with no part of its own (a health check) is bent in transport only.
  if (mode !== "one fault") return fc.constant(all(mode));
  if (parts === 0) return fc.constant(all("valid"));
  return fc.nat({ max: parts - 1 }).map((bent) => {
    const modes = all("valid");
    if (bent < paths) modes.path[bent] = mode;
    else if (bent < paths + queries) modes.query[bent - paths] = mode;
    else if (keyParam(op) && bent === paths + queries) modes.key = mode;
    else modes.body = mode;
    return modes;
  });
}

/**
 * Requests for `op`: values in every mode, each sent plainly or with odd transport (body
 * encoding, media type, framing, method, extra header fields), independently, so a
 * well-formed body also arrives in odd bytes.
 */
export function requestArbitrary(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzCase> {
  const mode = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Mode>("valid") },
    { weight: 8, arbitrary: fc.constant<Mode>("one fault") },
    { weight: 3, arbitrary: fc.constant<Mode>("boundary") },
    { weight: 3, arbitrary: fc.constant<Mode>("hostile") },
  );
  const plain = fc.oneof({ weight: 7, arbitrary: fc.constant(true) }, fc.constant(false));
  return fc.tuple(mode, plain).chain(([m, p]) =>
    partModes(op, m).chain((modes) => requestInMode(op, ctx, m, modes, p))
  );
}

function requestInMode(
  op: Operation,
  ctx: FuzzContext,
  mode: Mode,
  modes: PartModes,
  plain: boolean,
): fc.Arbitrary<FuzzCase> {
  const keyed = !op.public;
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  return fc.record({
    segments: fc.tuple(...pathParams.map((p, i) => pathSegment(p, ctx.ids, modes.path[i]!))),
    query: fc.tuple(
      ...queryParams.map((p, i) => {
        const part = queryParam(p, modes.query[i]!, keyed);
        // A bent parameter is always sent; the others now and then.
        return modes.query[i] === "one fault" ? part : fc.option(part, { nil: undefined, freq: 2 });
      }),
    ),
    stray: plain ? fc.constant(undefined) : fc.option(strayQuery, { nil: undefined, freq: 4 }),
    sender: senderFor(op),
    method: plain
      ? fc.constant({ method: op.method, mustRefuse: [] })
      : methodFor(op, ctx.methodsByPath[op.path] ?? [op.method]),
    body: bodyFor(op, ctx, modes.body, plain),
    key: idempotencyHeader(op, modes.key),
    extra: plain ? fc.constant([]) : extraHeaders,
    framing: plain ? fc.constant<Framing>("length") : framing,
  }).map((r): FuzzCase => {
    let path = op.path;
    // Another method is another operation: what only this one's schemas forbid is moot.
    const own = r.method.method === op.method;
    const mustRefuse = [...r.method.mustRefuse, ...senderRefusal(op, r.sender)];
    pathParams.forEach((p, i) => {
      const seg = r.segments[i]!;
      path = path.replace(`{${p.name}}`, seg.wire);
      if (seg.violation) mustRefuse.push(seg.violation);
    });
    const parts = r.query.filter((q): q is QueryPart => q !== undefined);
    for (const q of parts) mustRefuse.push(...q.textRefusals, ...(own ? q.schemaRefusals : []));
    const query = [...parts.map((q) => q.wire), ...(r.stray ? [r.stray] : [])].join("&");
    if (own) mustRefuse.push(...r.key.mustRefuse, ...r.body.mustRefuse);
    const headers: [string, string | Uint8Array][] = [...r.key.headers, ...r.extra];
    let body: Uint8Array | undefined;
    if (r.body.bytes) {
      const framed = frame(r.body.bytes, r.framing);
      headers.push(...r.body.headers, ...framed.headers);
      body = framed.body;
    }
    return {
      operation: op.id,
      mode,
      sender: r.sender,
      request: {
        method: r.method.method,
        target: query ? `${path}?${query}` : path,
        headers,
        body,
      },
      mustRefuse,
    };
  });
}
