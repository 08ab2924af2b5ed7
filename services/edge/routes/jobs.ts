/**
 * The jobs resource: `/v1/partner/jobs` and `/v1/partner/jobs/:id`.
 * @module
 */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import {
  canonicalCity,
  JOB_STATUSES,
  type JobCommand,
  jobCreateSchema,
  type JobRow,
  jobUpdateSchema,
  newJobRow,
  toPublicJob,
} from "@hire/jobs";
import { Hono } from "hono";
import { z } from "zod";
import type { CommandBus } from "../command_bus.ts";
import { decodeCursor, listPage } from "../cursor.ts";
import type { EdgeEnv } from "../env.ts";
import {
  IDEMPOTENCY_HEADER,
  type IdempotencyStore,
  parseIdempotencyKey,
  requestFingerprint,
} from "../idempotency.ts";
import { idParam } from "../id_param.ts";
import { findJob, listJobs } from "../jobs_store.ts";
import { limitBody, readJson } from "../middleware/json_body.ts";
import { methodNotAllowed } from "../middleware/method_not_allowed.ts";
import { ApiError } from "../problem.ts";
import { validate } from "../validation.ts";

/** What the jobs routes need. */
export interface JobRoutesDeps {
  sql: Sql;
  bus: CommandBus;
  idempotency: IdempotencyStore;
  publicBaseUrl: string;
  commandTimeoutMs: number;
  bodyLimitBytes: number;
}

/** Query of the list endpoint; unknown parameters are refused like unknown body fields. */
export const listQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().optional(),
  status: z.enum(JOB_STATUSES).optional(),
  city: z.string().transform((s, ctx) => {
    const c = canonicalCity(s);
    if (!c) ctx.addIssue({ code: "custom", params: { code: "unknown_city" } });
    return c ?? z.NEVER;
  }).optional(),
});

const notFound = () => new ApiError("partner.not_found");

/** The routes, to be mounted at `/v1/partner/jobs`. */
export function jobRoutes(deps: JobRoutesDeps): Hono<EdgeEnv> {
  const publicJob = (row: JobRow) => toPublicJob(row, deps.publicBaseUrl);

  const command = <T extends JobCommand["type"]>(
    type: T,
    partnerId: string,
    jobId: string,
  ) => {
    const issued = new Date();
    return {
      type,
      command_id: newId("cmd"),
      job_id: jobId,
      partner_id: partnerId,
      issued_at: issued.toISOString(),
      deadline: new Date(issued.getTime() + deps.commandTimeoutMs).toISOString(),
    };
  };

  // The request that claimed this key died; if its create took effect, that job is the
  // answer (stored for later replays), otherwise this request creates one.
  const finishTakeover = async (
    partnerId: string,
    key: string,
    previous: { commandId: string; jobId: string },
  ) => {
    const earlier = await deps.bus.settle(previous.commandId, previous.jobId);
    if (earlier.outcome !== "applied") return undefined;
    const row = await findJob(deps.sql, partnerId, previous.jobId);
    if (!row) return undefined;
    const body = publicJob(row);
    await deps.idempotency.complete(partnerId, key, { status: 201, body });
    return body;
  };

  return new Hono<EdgeEnv>()
    .post("/", limitBody(deps.bodyLimitBytes), async (c) => {
      const { partnerId } = c.get("partner");
      const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      const raw = await readJson(c);
      const job = validate(jobCreateSchema, raw);
      const cmd = { ...command("job.create", partnerId, newId("job")), job };
      if (key) {
        const claim = await deps.idempotency.claim(partnerId, key, {
          fingerprint: await requestFingerprint("POST", "/v1/partner/jobs", raw),
          commandId: cmd.command_id,
          jobId: cmd.job_id,
        });
        if (claim.kind === "replay") {
          c.header("Idempotent-Replayed", "true");
          return c.json(claim.response.body as object, claim.response.status as 201);
        }
        if (claim.kind === "takeover") {
          const earlier = await finishTakeover(partnerId, key, claim.previous);
          if (earlier) {
            c.header("Location", `/v1/partner/jobs/${earlier.id}`);
            return c.json(earlier, 201);
          }
        }
      }
      try {
        const result = await deps.bus.send(cmd);
        if (result.outcome !== "applied") {
          throw new Error(`create ${cmd.command_id}: ${result.outcome}`);
        }
        const body = publicJob(
          newJobRow({ jobId: cmd.job_id, partnerId, fields: job, at: new Date(cmd.issued_at) }),
        );
        if (key) await deps.idempotency.complete(partnerId, key, { status: 201, body });
        c.header("Location", `/v1/partner/jobs/${cmd.job_id}`);
        return c.json(body, 201);
      } catch (err) {
        if (key) await deps.idempotency.release(partnerId, key).catch(() => {});
        throw err;
      }
    })
    .get("/", async (c) => {
      const { partnerId } = c.get("partner");
      const q = validate(listQuerySchema, c.req.query());
      const after = q.cursor ? decodeCursor(q.cursor, "job") : undefined;
      const { rows, hasMore } = await listJobs(deps.sql, partnerId, { ...q, after });
      return c.json(listPage(rows, hasMore, publicJob));
    })
    .all("/", methodNotAllowed(["GET", "POST"]))
    .get("/:id", async (c) => {
      const row = await findJob(
        deps.sql,
        c.get("partner").partnerId,
        idParam("job", c.req.param("id")),
      );
      if (!row) throw notFound();
      return c.json(publicJob(row));
    })
    .patch("/:id", limitBody(deps.bodyLimitBytes), async (c) => {
      const { partnerId } = c.get("partner");
      const jobId = idParam("job", c.req.param("id"));
      const changes = validate(jobUpdateSchema, await readJson(c));
      const result = await deps.bus.send({ ...command("job.update", partnerId, jobId), changes });
      if (result.outcome === "not_found") throw notFound();
      if (result.outcome === "rejected") {
        throw new ApiError("partner.validation_failed", { errors: result.errors });
      }
      const row = await findJob(deps.sql, partnerId, jobId);
      // Deleted right after our update: for this caller the job is gone.
      if (!row) throw notFound();
      return c.json(publicJob(row));
    })
    .delete("/:id", async (c) => {
      const { partnerId } = c.get("partner");
      const result = await deps.bus.send(
        command("job.delete", partnerId, idParam("job", c.req.param("id"))),
      );
      if (result.outcome === "not_found") throw notFound();
      return c.body(null, 204);
    })
    .all("/:id", methodNotAllowed(["GET", "PATCH", "DELETE"]));
}
