/**
 * The minimal handlers our API is measured against, built from the same parts (Hono on
 * `Deno.serve`, postgres.js through `@hire/db`'s `connect`, a pool as large as the edge's)
 * and answering the same requests as ours, with nothing else: no authentication, limits,
 * validation, idempotency or Kafka.
 *
 * - `bare`: `GET /v1/partner/jobs/:id` answers one constant job as JSON;
 * - `point-query`: the same route reads the row by primary key and answers it;
 * - `insert`: `POST /v1/partner/jobs` parses the body and inserts one row, 201.
 *
 * Run as `DATABASE_URL=… deno run -A bench/baselines/minimal.ts <kind> <pool size>`; prints
 * the port it listens on.
 * @module
 */
import { connect, type Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { Hono } from "hono";
import { JOBS_PATH } from "../common/load.ts";
import { type ServeProcess, startServeProcess } from "../common/serve_process.ts";
import { MINIMAL_PARTNER, MINIMAL_TABLE } from "./minimal_db.ts";

/** The minimal handlers. */
export const MINIMAL_KINDS = ["bare", "point-query", "insert"] as const;
/** A minimal handler. */
export type MinimalKind = typeof MINIMAL_KINDS[number];

/** What the bare handler answers: a job as a row of the table holds it. */
const CONSTANT_JOB = {
  id: "job_01JBENCH0000000000000000000",
  partner_id: MINIMAL_PARTNER,
  title: "Backend Engineer",
  description: "Builds and runs the services behind our hiring platform. Seeded job.",
  city: "Riyadh",
  employment_type: "full_time",
  salary_min: 10000,
  salary_max: 20000,
  currency: "SAR",
  status: "active",
  created_at: "2026-11-24T00:00:00.000Z",
  updated_at: "2026-11-24T00:00:00.000Z",
  deleted_at: null,
};

/** The app of one minimal handler; `sql` is needed by all but `bare`. */
export function minimalApp(kind: MinimalKind, sql?: Sql): Hono {
  const app = new Hono();
  if (kind === "bare") {
    // A create too, for the benchmarks that send creates (bench:batch-window): the body is
    // not even read, as the retrieve reads nothing.
    return app.get(`${JOBS_PATH}/:id`, (c) => c.json(CONSTANT_JOB))
      .post(JOBS_PATH, (c) => c.json(CONSTANT_JOB, 201));
  }
  if (!sql) throw new Error(`${kind} needs a database`);
  if (kind === "point-query") {
    return app.get(`${JOBS_PATH}/:id`, async (c) => {
      const [row] = await sql`SELECT * FROM ${sql(MINIMAL_TABLE)} WHERE id = ${c.req.param("id")}`;
      return row ? c.json(row) : c.json({ error: "not found" }, 404);
    });
  }
  return app.post(JOBS_PATH, async (c) => {
    const body = await c.req.json();
    const now = new Date();
    const row = {
      id: newId("job"),
      partner_id: MINIMAL_PARTNER,
      title: String(body.title),
      description: String(body.description),
      city: String(body.city),
      employment_type: String(body.employment_type),
      salary_min: body.salary_min ?? null,
      salary_max: body.salary_max ?? null,
      created_at: now,
      updated_at: now,
    };
    await sql`INSERT INTO ${sql(MINIMAL_TABLE)} ${sql(row)}`;
    return c.json(row, 201);
  });
}

/** Starts a minimal handler in a process of its own. */
export async function startMinimal(
  kind: MinimalKind,
  opts: { databaseUrl: string; poolSize: number },
): Promise<ServeProcess> {
  return await startServeProcess({
    script: "bench/baselines/minimal.ts",
    args: [kind, String(opts.poolSize)],
    env: { DATABASE_URL: opts.databaseUrl },
    name: `minimal handler ${kind}`,
  });
}

if (import.meta.main) {
  const kind = Deno.args[0] as MinimalKind;
  if (!MINIMAL_KINDS.includes(kind)) throw new Error(`kind must be one of ${MINIMAL_KINDS}`);
  const sql = kind === "bare"
    ? undefined
    : connect(Deno.env.get("DATABASE_URL")!, { max: Number(Deno.args[1]), name: "minimal" });
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    onListen: ({ port }) => console.log(port),
  }, minimalApp(kind, sql).fetch);
  Deno.addSignalListener("SIGTERM", async () => {
    await server.shutdown();
    await sql?.end();
    Deno.exit(0);
  });
}
