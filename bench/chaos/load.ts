/**
 * The steady load: clients that create jobs (each with an Idempotency-Key of its own) and
 * now and then PATCH the title of one they created, one operation at a time each, retrying
 * as `retry.ts` says, as a careful partner's code would. Every attempt and every outcome
 * goes into the ledger.
 * @module
 */
import { sleep } from "@hire/testing/receiver.ts";
import { type AnswerStatus, type Ledger, type Outcome, tokenText } from "./ledger.ts";
import { nextStep } from "./retry.ts";

/** A create body as the load sends it (the token is appended to the description). */
export interface JobBody {
  title: string;
  description: string;
  [field: string]: unknown;
}

/** What the load does. */
export interface LoadOptions {
  baseUrl: string;
  apiKey: string;
  scenario: string;
  clients: number;
  /** Operations started per second, all clients together (retries not counted). */
  opsPerSecond: number;
  /** Share of operations that are PATCHes (once a client has a job to patch). */
  patchShare: number;
  /** An attempt without an answer within this time counts as a timeout and is retried. */
  requestTimeoutMs: number;
  /** An operation without a definitive answer this long after it started is given up. */
  giveUpMs: number;
  /** A fresh create body. */
  jobBody: () => JobBody;
  ledger: Ledger;
}

/** A running load. */
export interface RunningLoad {
  /** Create attempts sent and not answered yet. */
  createsInFlight(): number;
  /** Starts no new operation; resolves once every started one has ended. */
  stop(): Promise<void>;
}

interface Reply {
  status: AnswerStatus;
  retryAfter: string | null;
  replayed: boolean;
  // deno-lint-ignore no-explicit-any
  body: any;
}

interface OwnJob {
  id: string;
  title: string;
  rev: number;
}

/** Starts `opts.clients` clients. */
export function startLoad(opts: LoadOptions): RunningLoad {
  const stopping = new AbortController();
  let createsInFlight = 0;
  const intervalMs = (opts.clients * 1000) / opts.opsPerSecond;

  const send = async (
    op: "create" | "patch",
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> => {
    let reply: Reply;
    if (op === "create") createsInFlight++;
    try {
      const res = await fetch(opts.baseUrl + path, {
        method,
        headers: {
          authorization: `Bearer ${opts.apiKey}`,
          "content-type": "application/json",
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.requestTimeoutMs),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch { /* not JSON: kept as text */ }
      reply = {
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        replayed: res.headers.get("idempotent-replayed") === "true",
        body: parsed,
      };
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === "TimeoutError";
      reply = {
        status: timedOut ? "timeout" : "connection",
        retryAfter: null,
        replayed: false,
        body: null,
      };
    } finally {
      if (op === "create") createsInFlight--;
    }
    opts.ledger.answers.push({
      at: Date.now(),
      scenario: opts.scenario,
      op,
      status: reply.status,
      retryAfter: reply.retryAfter !== null,
    });
    return reply;
  };

  /** Sends until a definitive answer or the give-up time; the last reply and the count. */
  const untilDefinitive = async (
    attemptOnce: () => Promise<Reply>,
  ): Promise<{ outcome: Outcome; reply: Reply; attempts: number }> => {
    const giveUpAt = Date.now() + opts.giveUpMs;
    for (let attempt = 1;; attempt++) {
      const reply = await attemptOnce();
      const next = nextStep(reply.status, {
        attempt,
        retryAfter: reply.retryAfter,
        now: Date.now(),
        giveUpAt,
      });
      if (next.action === "done") return { outcome: "acked", reply, attempts: attempt };
      if (next.action === "refused") return { outcome: "refused", reply, attempts: attempt };
      if (next.action === "give_up") return { outcome: "unknown", reply, attempts: attempt };
      await new Promise((r) => setTimeout(r, next.delayMs));
    }
  };

  const create = async (token: string, own: OwnJob[]) => {
    const body = opts.jobBody();
    body.description = `${body.description} ${tokenText(token)}`;
    const key = crypto.randomUUID();
    const startedAt = Date.now();
    let unanswered = 0;
    const { outcome, reply, attempts } = await untilDefinitive(async () => {
      const r = await send("create", "POST", "/v1/partner/jobs", body, { "idempotency-key": key });
      if (typeof r.status !== "number") unanswered++;
      return r;
    });
    const jobId = outcome === "acked" ? String(reply.body?.id) : undefined;
    opts.ledger.creates.push({
      kind: "create",
      scenario: opts.scenario,
      token,
      key,
      outcome,
      jobId,
      replayed: outcome === "acked" ? reply.replayed : undefined,
      finalStatus: outcome === "refused" ? reply.status as number : undefined,
      attempts,
      unanswered,
      startedAt,
      ackedAt: outcome === "acked" ? Date.now() : undefined,
    });
    if (jobId) own.push({ id: jobId, title: body.title, rev: 0 });
  };

  const patch = async (job: OwnJob) => {
    job.rev++;
    const title = `${job.title} (rev ${job.rev})`;
    const startedAt = Date.now();
    const { outcome, reply, attempts } = await untilDefinitive(() =>
      send("patch", "PATCH", `/v1/partner/jobs/${job.id}`, { title })
    );
    opts.ledger.patches.push({
      kind: "patch",
      scenario: opts.scenario,
      jobId: job.id,
      title,
      rev: job.rev,
      outcome,
      finalStatus: outcome === "refused" ? reply.status as number : undefined,
      attempts,
      startedAt,
      ackedAt: outcome === "acked" ? Date.now() : undefined,
    });
  };

  const client = async (index: number) => {
    const own: OwnJob[] = [];
    let next = Date.now() + (index * intervalMs) / opts.clients;
    for (let n = 1; !stopping.signal.aborted; n++) {
      await sleep(Math.max(0, next - Date.now()), stopping.signal);
      if (stopping.signal.aborted) break;
      if (own.length && Math.random() < opts.patchShare) {
        await patch(own[Math.floor(Math.random() * own.length)]!);
      } else {
        await create(`chaos-${opts.scenario}-${index}-${n}`, own);
      }
      // After an outage the client goes on at its pace rather than catching up in a burst.
      next = Math.max(next + intervalMs, Date.now());
    }
  };

  const clients = Array.from({ length: opts.clients }, (_, i) => client(i));
  return {
    createsInFlight: () => createsInFlight,
    async stop() {
      stopping.abort();
      await Promise.all(clients);
    },
  };
}
