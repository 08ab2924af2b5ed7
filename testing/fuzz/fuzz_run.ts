/**
 * The fuzz run against a running stack: reads the API document the edge serves, makes a few
 * resources for path ids to hit (jobs, webhooks, delivery log entries), then runs one
 * fast-check property per operation ("every answer is as documented", `problem_check.ts`)
 * over generated requests (`request_arbitrary.ts`), sent byte for byte (`raw_http.ts`).
 * Every `checkEvery` requests, and at the end, the system must still be ready and a plain
 * create and retrieve must work.
 * @module
 */
import fc from "fast-check";
import { newId } from "@hire/ids";
import { KSA_CITIES } from "@hire/jobs";
import { firstAttemptOf, queueFirstAttempts } from "@hire/tables";
import { createConformanceChecker } from "../conformance.ts";
import { jobBody, type Stack } from "../stack.ts";
import { operationsOf } from "./openapi_operations.ts";
import { exchangeProblems, readBody } from "./problem_check.ts";
import { NoResponse, type RawRequest, type RawResponse, sendRaw } from "./raw_http.ts";
import { type FuzzCase, type FuzzContext, requestArbitrary } from "./request_arbitrary.ts";
import { describeCase, reproduction } from "./fuzz_report.ts";
import { wireProblems } from "./wire_rules.ts";

/** How a run goes. */
export interface FuzzOptions {
  seed: number;
  /** Requests to generate in all, spread evenly over the operations. */
  runs: number;
  /** Only this operation (`METHOD /path`), e.g. to replay a counterexample. */
  operation?: string;
  /** fast-check's path of a counterexample, to replay it (with `seed` and `operation`). */
  path?: string;
  /** Operations fuzzed at once (each one's requests are sent one at a time). */
  concurrency?: number;
  /** Check readiness and a create + retrieve after every this many requests. */
  checkEvery?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

/** A property that failed (with its shrunk counterexample) or a failed health check. */
export interface FuzzFailure {
  operation: string;
  message: string;
  /** The shrunk request, readable. */
  counterexample?: string;
  /** One command that sends that request again. */
  reproduce?: string;
}

/** What a run did and found. */
export interface FuzzReport {
  seed: number;
  runs: number;
  /** Requests sent, health checks aside. */
  requests: number;
  /** Per operation: requests sent and how many got each status (`none`: no answer). */
  operations: Record<string, { requests: number; statuses: Record<string, number> }>;
  durationMs: number;
  healthChecks: number;
  failures: FuzzFailure[];
}

/** The stack's edge as the fuzz calls it, and what exists in it for path ids to hit. */
export interface FuzzTarget {
  addr: { hostname: string; port: number };
  keys: { partner: string; sandbox: string };
  context: FuzzContext;
}

const REQUEST_TIMEOUT_MS = 60_000;
/** What a report shows in place of the keys. */
const PLACEHOLDER_KEYS = { partner: "$KEY", sandbox: "$SANDBOX_KEY" };
/** Requests shrinking may send after a failure: enough to simplify it, bounded in time. */
const SHRINK_BUDGET = 200;

/**
 * Edge settings of a fuzzed stack: limits lifted, so requests are not all 429s (the
 * limiters still run and count), and a failed key check does not hold up the partner's own.
 */
export const FUZZ_EDGE_ENV: Record<string, string> = {
  PLAN_SANDBOX_REQUESTS_PER_MINUTE: "10000000",
  PLAN_GROWTH_REQUESTS_PER_MINUTE: "10000000",
  PLAN_GROWTH_JOBS_PER_MONTH: "100000000",
  AUTH_ATTEMPTS_PER_MINUTE: "10000000",
};

/** Cities and some of their other spellings: a city the schema cannot enumerate. */
const CITY_HINTS = [...KSA_CITIES, "jiddah", "al-khobar", "MECCA", "Riyad", "الرياض"];

/** Times inside the delivery log's 30 days: a time the schema cannot say is recent enough. */
function recentTimes(): string[] {
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  return [ago(1).toISOString(), ago(24 * 29).toISOString().replace("Z", "+03:00")];
}

/** A valid body of each operation that takes one; `one fault` bends one member of it. */
function examples(): FuzzContext["examples"] {
  const job = jobBody();
  const webhook = { url: "https://hooks.example.com/fuzz", events: ["job.created"] };
  return {
    "POST /v1/partner/jobs": [job],
    "POST /v1/partner/jobs/bulk": [{ jobs: [job, jobBody({ city: "jiddah" })] }],
    "PATCH /v1/partner/jobs/{id}": [job],
    "POST /v1/partner/webhooks": [webhook],
    "PATCH /v1/partner/webhooks/{id}": [webhook],
    "POST /v1/partner/webhooks/{id}/recover": [{ since: recentTimes()[0], dry_run: true }],
  };
}

/**
 * Makes what the fuzz needs in `stack`: a Growth partner (every operation allowed) and a
 * Sandbox one, jobs, webhooks and a delivery log entry per webhook.
 */
export async function prepareTarget(stack: Stack): Promise<FuzzTarget> {
  const partner = await stack.partner("growth");
  const sandbox = await stack.partner("sandbox");
  const jobs: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await partner.call("POST", "/v1/partner/jobs", jobBody());
    if (res.status !== 201) throw new Error(`setup: create answered ${res.status}`);
    jobs.push(res.body.id);
  }
  const webhooks: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await partner.call("POST", "/v1/partner/webhooks", {
      url: `https://hooks.example.com/fuzz-${i}`,
      events: ["job.updated"],
    });
    if (res.status !== 201) throw new Error(`setup: webhook answered ${res.status}`);
    webhooks.push(res.body.id);
  }
  // A log entry per webhook, as the delivery service's fan-out writes one, so the
  // delivery log and redelivery have something to find (no delivery service runs).
  const deliveries = webhooks.map(() => newId("dlv"));
  const eventIds = webhooks.map(() => newId("evt"));
  const events = eventIds.map((id) => ({
    id,
    partner_id: partner.partnerId,
    job_id: jobs[0]!,
    type: "job.updated",
    envelope: JSON.stringify({ id, type: "job.updated", data: {} }),
  }));
  await queueFirstAttempts(
    stack.sql,
    webhooks.map((webhookId, i) => firstAttemptOf(events[i]!, webhookId, deliveries[i]!)),
    events,
  );
  // A cursor the jobs list issued: the schema cannot say what one looks like.
  const page = await partner.call("GET", "/v1/partner/jobs?limit=1");
  const url = new URL(stack.baseUrl);
  return {
    addr: { hostname: url.hostname, port: Number(url.port) },
    keys: { partner: partner.apiKey, sandbox: sandbox.apiKey },
    context: {
      ids: { job: jobs, wh: webhooks, dlv: deliveries },
      hints: {
        city: CITY_HINTS,
        cursor: [page.body.next_cursor],
        event_id: eventIds,
        since: recentTimes(),
        created_after: recentTimes(),
        created_before: recentTimes(),
      },
      examples: examples(),
      methodsByPath: {},
    },
  };
}

/** The request as sent: the case's, with the sender's key. */
export function withSender(c: FuzzCase, keys: FuzzTarget["keys"]): RawRequest {
  const auth: [string, string][] = c.sender.as === "partner"
    ? [["Authorization", `Bearer ${keys.partner}`]]
    : c.sender.as === "sandbox"
    ? [["Authorization", `Bearer ${keys.sandbox}`]]
    : c.sender.as === "garbage"
    ? [["Authorization", c.sender.authorization]]
    : [];
  return { ...c.request, headers: [...auth, ...c.request.headers] };
}

/** Runs the fuzz against `target`; the report lists every failure found. */
export async function runFuzz(target: FuzzTarget, opts: FuzzOptions): Promise<FuzzReport> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const send = (req: RawRequest) => sendRaw(target.addr, req, { timeoutMs: REQUEST_TIMEOUT_MS });
  const docRes = await send({ method: "GET", target: "/v1/openapi.json", headers: [] });
  if (docRes.status !== 200) throw new Error(`/v1/openapi.json answered ${docRes.status}`);
  const doc = readBody(docRes) as Record<string, unknown>;
  const conforms = createConformanceChecker(doc as never);
  const all = operationsOf(doc);
  const operations = opts.operation ? all.filter((o) => o.id === opts.operation) : all;
  if (operations.length === 0) throw new Error(`no operation ${opts.operation} in the document`);
  const methodsByPath: Record<string, string[]> = {};
  for (const o of all) (methodsByPath[o.path] ??= []).push(o.method);
  const context: FuzzContext = { ...target.context, methodsByPath };

  const report: FuzzReport = {
    seed: opts.seed,
    runs: opts.runs,
    requests: 0,
    operations: Object.fromEntries(operations.map((o) => [o.id, { requests: 0, statuses: {} }])),
    durationMs: 0,
    healthChecks: 0,
    failures: [],
  };
  const checkEvery = opts.checkEvery ?? 500;
  const health = async (after: string) => {
    report.healthChecks++;
    const problems = await healthProblems(send, target.keys.partner);
    if (problems.length) {
      report.failures.push({ operation: after, message: `not healthy: ${problems.join("; ")}` });
    }
  };

  const perOperation = Math.ceil(opts.runs / operations.length);
  const fuzzOne = async (op: (typeof operations)[number]) => {
    const counts = report.operations[op.id]!;
    // What failed first, before shrinking (which may wander to another failure), and how
    // many requests shrinking has sent.
    let firstFailure: string | undefined;
    let shrinking = 0;
    const property = fc.asyncProperty(requestArbitrary(op, context), async (c) => {
      // Past the budget every candidate passes, so the smallest failure found so far stands.
      if (firstFailure !== undefined && ++shrinking > SHRINK_BUDGET) return;
      const req = withSender(c, target.keys);
      let response: RawResponse | NoResponse;
      try {
        response = await send(req);
      } catch (err) {
        if (!(err instanceof NoResponse)) throw err;
        response = err;
      }
      counts.requests++;
      const status = response instanceof NoResponse ? "none" : String(response.status);
      counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
      if (++report.requests % checkEvery === 0) await health(op.id);
      const problems = exchangeProblems({
        method: req.method,
        target: req.target,
        mustRefuse: c.mustRefuse,
        wireProblems: wireProblems(req),
        response,
      }, conforms);
      if (problems.length) {
        const answer = response instanceof NoResponse
          ? response.message
          : `${response.status} ${new TextDecoder().decode(response.body.subarray(0, 400))}`;
        const message = `${problems.join("\n")}\nanswer: ${answer}`;
        firstFailure ??= `${message}\n${describeCase(c, withSender(c, PLACEHOLDER_KEYS))}`;
        throw new Error(message);
      }
    });
    const details = await fc.check(property, {
      seed: operationSeed(opts.seed, op.id),
      numRuns: perOperation,
      ...(opts.path ? { path: opts.path } : {}),
    });
    log(`${op.id}: ${counts.requests} requests${details.failed ? ", FAILED" : ""}`);
    if (details.failed && details.counterexample) {
      const [c] = details.counterexample;
      const shrunk = String((details.errorInstance as Error)?.message ?? details.errorInstance);
      report.failures.push({
        operation: op.id,
        message: firstFailure?.startsWith(shrunk.split("\nanswer: ")[0]!)
          ? shrunk
          : `${shrunk}\n\nfirst seen as:\n${firstFailure}`,
        counterexample: describeCase(
          c,
          withSender(c, PLACEHOLDER_KEYS),
        ),
        reproduce: reproduction(op.id, opts.seed, details.counterexamplePath!),
      });
    } else if (details.failed) {
      report.failures.push({ operation: op.id, message: "the property was interrupted" });
    }
  };

  // Deletes last, so the resources path ids hit exist while the other operations run.
  const queue = [...operations].sort((a, b) =>
    Number(a.method === "DELETE") - Number(b.method === "DELETE")
  );
  const workers = Array.from({ length: opts.concurrency ?? 3 }, async () => {
    for (let op = queue.shift(); op; op = queue.shift()) await fuzzOne(op);
  });
  await Promise.all(workers);
  await health("the end of the run");
  report.durationMs = performance.now() - started;
  return report;
}

/**
 * The seed of one operation's property: the run's, mixed with the operation (FNV-1a), so
 * operations alike in shape get different requests and a replay of one needs only the run's.
 */
export function operationSeed(seed: number, operation: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < operation.length; i++) h = Math.imul(h ^ operation.charCodeAt(i), 0x01000193);
  return (seed ^ h) | 0;
}

/** Whether the system is ready and a plain create and retrieve work. */
async function healthProblems(
  send: (req: RawRequest) => Promise<RawResponse>,
  key: string,
): Promise<string[]> {
  const problems: string[] = [];
  try {
    const ready = await send({ method: "GET", target: "/readyz", headers: [] });
    if (ready.status !== 200) problems.push(`/readyz answered ${ready.status}`);
    const auth: [string, string] = ["Authorization", `Bearer ${key}`];
    const created = await send({
      method: "POST",
      target: "/v1/partner/jobs",
      headers: [auth, ["Content-Type", "application/json"]],
      body: new TextEncoder().encode(JSON.stringify(jobBody())),
    });
    const job = readBody(created) as { id?: string } | null;
    if (created.status !== 201 || !job?.id) {
      problems.push(`a valid create answered ${created.status}`);
      return problems;
    }
    const got = await send({
      method: "GET",
      target: `/v1/partner/jobs/${job.id}`,
      headers: [auth],
    });
    if (got.status !== 200 || (readBody(got) as { id?: string })?.id !== job.id) {
      problems.push(`retrieving the job created answered ${got.status}`);
    }
  } catch (err) {
    problems.push(`no answer: ${(err as Error).message}`);
  }
  return problems;
}
