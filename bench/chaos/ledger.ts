/**
 * What the suite's clients asked for and were told, as a partner's own records would keep
 * it: the input of the checker and of the figures. Plain data, no I/O.
 * @module
 */

/**
 * How an operation ended for the client: `acked` (a 2xx), `refused` (a 4xx it does not
 * retry) or `unknown` (it gave up retrying without a definitive answer).
 */
export type Outcome = "acked" | "refused" | "unknown";

/** A create, retried with one Idempotency-Key until a definitive answer. */
export interface CreateOp {
  kind: "create";
  /** The scenario it was made in. */
  scenario: string;
  /** Written into the description: finds the rows the create made, however many. */
  token: string;
  key: string;
  outcome: Outcome;
  /** The job id of the 2xx. */
  jobId?: string;
  /** The final 2xx carried `Idempotent-Replayed: true`. */
  replayed?: boolean;
  /** The status that ended a refused create. */
  finalStatus?: number;
  attempts: number;
  /** Attempts that got no answer (connection error, timeout): the create was in doubt. */
  unanswered: number;
  startedAt: number;
  /** When the 2xx arrived. */
  ackedAt?: number;
}

/**
 * A PATCH of a job's title to a value of its own. PATCH takes no Idempotency-Key; setting
 * a title is idempotent by value, so a retry of an applied PATCH changes nothing.
 */
export interface PatchOp {
  kind: "patch";
  scenario: string;
  jobId: string;
  title: string;
  /** 1, 2, … per job, in the order the client sent them (one at a time). */
  rev: number;
  outcome: Outcome;
  finalStatus?: number;
  attempts: number;
  startedAt: number;
  ackedAt?: number;
}

/** What one HTTP attempt got: a status, or no answer. */
export type AnswerStatus = number | "connection" | "timeout";

/** One HTTP attempt of the load. */
export interface Answer {
  /** When the answer (or the failure) came, epoch ms. */
  at: number;
  scenario: string;
  op: "create" | "patch";
  status: AnswerStatus;
  /** A `Retry-After` header was present. */
  retryAfter: boolean;
}

/** Everything the clients recorded. */
export interface Ledger {
  creates: CreateOp[];
  patches: PatchOp[];
  answers: Answer[];
}

/** An empty ledger. */
export function newLedger(): Ledger {
  return { creates: [], patches: [], answers: [] };
}

/** The part of a ledger made in one scenario. */
export function ofScenario(ledger: Ledger, scenario: string): Ledger {
  return {
    creates: ledger.creates.filter((c) => c.scenario === scenario),
    patches: ledger.patches.filter((p) => p.scenario === scenario),
    answers: ledger.answers.filter((a) => a.scenario === scenario),
  };
}

/** The marker a create writes into its description, and reads back from stored rows. */
export const tokenText = (token: string): string => `Ref ${token}.`;

/** The token in a stored description, if any. */
export function tokenIn(description: string): string | undefined {
  return /Ref (chaos-[a-z]+-\d+-\d+)\.$/.exec(description)?.[1];
}
