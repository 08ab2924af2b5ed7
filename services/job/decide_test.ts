import assert from "node:assert/strict";
import type { JobCommand, JobRow } from "@hire/jobs";
import { decide, type DecideContext } from "./decide.ts";

const PARTNER = "ptr_01HZZZZZZZZZZZZZZZZZZZZZZZ";
const OTHER_PARTNER = "ptr_01HYYYYYYYYYYYYYYYYYYYYYYY";
const UNKNOWN_PARTNER = "ptr_01HWWWWWWWWWWWWWWWWWWWWWWW";
const JOB_ID = "job_01HXXXXXXXXXXXXXXXXXXXXXXX";
const BASE_URL = "https://jobs.example.sa";

const ISSUED_AT = "2025-03-01T10:00:00.000Z";
const DEADLINE = "2025-03-01T10:00:05.000Z";
const NOW = new Date("2025-03-01T10:00:02.000Z");
const CREATED = new Date("2025-01-01T08:00:00.000Z");

function ctx(now: Date = NOW): DecideContext & { eventIds: string[] } {
  let n = 0;
  const eventIds: string[] = [];
  return {
    now,
    siteBaseUrl: BASE_URL,
    isPartner: (id) => id === PARTNER || id === OTHER_PARTNER,
    newEventId: () => {
      const id = `evt_${++n}`;
      eventIds.push(id);
      return id;
    },
    eventIds,
  };
}

const base = {
  command_id: "cmd_1",
  job_id: JOB_ID,
  partner_id: PARTNER,
  issued_at: ISSUED_AT,
  deadline: DEADLINE,
};

const createCommand: JobCommand = {
  ...base,
  type: "job.create",
  job: {
    title: "Backend Engineer",
    description: "Build and run the hiring API.",
    city: "Riyadh",
    employment_type: "full_time",
    salary_min: 15_000,
    salary_max: 25_000,
    currency: "SAR",
  },
};

function updateCommand(
  changes: Extract<JobCommand, { type: "job.update" }>["changes"],
  over: Partial<typeof base> = {},
): JobCommand {
  return { ...base, ...over, type: "job.update", changes };
}

const deleteCommand: JobCommand = { ...base, type: "job.delete" };

function row(over: Partial<JobRow> = {}): JobRow {
  return {
    id: JOB_ID,
    partner_id: PARTNER,
    title: "Backend Engineer",
    description: "Build and run the hiring API.",
    city: "Riyadh",
    employment_type: "full_time",
    salary_min: 15_000,
    salary_max: 25_000,
    currency: "SAR",
    status: "active",
    embedding_status: "ready",
    match_ready: true,
    created_at: CREATED,
    updated_at: CREATED,
    deleted_at: null,
    content_version: 1,
    embedded_version: 1,
    first_ready_at: CREATED,
    embedding_attempts: 0,
    embedding_error: null,
    ...over,
  };
}

// ---------------------------------------------------------------------------------------
// create

Deno.test("decide create builds an active, processing, not-ready row timestamped issued_at", () => {
  const c = ctx();
  const d = decide(createCommand, undefined, c);
  assert.deepEqual(d.result, {
    command_id: "cmd_1",
    job_id: JOB_ID,
    outcome: "applied",
    errors: null,
  });
  assert.deepEqual(d.next, {
    id: JOB_ID,
    partner_id: PARTNER,
    title: "Backend Engineer",
    description: "Build and run the hiring API.",
    city: "Riyadh",
    employment_type: "full_time",
    salary_min: 15_000,
    salary_max: 25_000,
    currency: "SAR",
    status: "active",
    embedding_status: "processing",
    match_ready: false,
    created_at: new Date(ISSUED_AT),
    updated_at: new Date(ISSUED_AT),
    deleted_at: null,
    content_version: 1,
    embedded_version: 0,
    first_ready_at: null,
    embedding_attempts: 0,
    embedding_error: null,
  });
  assert.deepEqual(d.events, []);
  // The pipeline is told; the public job.created waits until the job is match-ready.
  assert.deepEqual(d.changes, [{
    id: "evt_1",
    type: "job.changed",
    job_id: JOB_ID,
    partner_id: PARTNER,
    content_version: 1,
    reasons: ["created"],
    at: NOW.toISOString(),
  }]);
});

Deno.test("decide create uses issued_at, not ctx.now, for created_at and updated_at", () => {
  const d = decide(createCommand, undefined, ctx(new Date("2025-03-01T10:00:04.999Z")));
  assert.equal(d.next?.created_at.toISOString(), ISSUED_AT);
  assert.equal(d.next?.updated_at.toISOString(), ISSUED_AT);
});

Deno.test("decide create of an existing id is an applied no-op", () => {
  const d = decide(createCommand, row(), ctx());
  assert.equal(d.result.outcome, "applied");
  assert.equal(d.result.errors, null);
  assert.equal(d.next, undefined);
  assert.deepEqual(d.events, []);
});

// ---------------------------------------------------------------------------------------
// expiry

Deno.test("decide expires every command type once now is after the deadline", () => {
  const late = new Date(Date.parse(DEADLINE) + 1);
  const cases: [JobCommand, JobRow | undefined][] = [
    [createCommand, undefined],
    [updateCommand({ title: "Senior Backend Engineer" }), row()],
    [deleteCommand, row()],
  ];
  for (const [command, current] of cases) {
    const c = ctx(late);
    const d = decide(command, current, c);
    assert.deepEqual(d.result, {
      command_id: "cmd_1",
      job_id: JOB_ID,
      outcome: "expired",
      errors: null,
    }, command.type);
    assert.equal(d.next, undefined, command.type);
    assert.deepEqual(d.events, [], command.type);
    assert.equal(c.eventIds.length, 0, command.type);
  }
});

Deno.test("decide still applies a command at exactly its deadline", () => {
  const d = decide(createCommand, undefined, ctx(new Date(DEADLINE)));
  assert.equal(d.result.outcome, "applied");
  assert.ok(d.next);
});

Deno.test("decide expires an update even when the job is missing", () => {
  const d = decide(updateCommand({ title: "New title" }), undefined, ctx(new Date("2030-01-01")));
  assert.equal(d.result.outcome, "expired");
});

// ---------------------------------------------------------------------------------------
// not found

Deno.test("decide update or delete of a missing job is not_found", () => {
  for (const command of [updateCommand({ title: "New title" }), deleteCommand]) {
    const d = decide(command, undefined, ctx());
    assert.deepEqual(d.result, {
      command_id: "cmd_1",
      job_id: JOB_ID,
      outcome: "not_found",
      errors: null,
    }, command.type);
    assert.equal(d.next, undefined);
    assert.deepEqual(d.events, []);
  }
});

Deno.test("decide update of a deleted job is not_found", () => {
  const deleted = row({ deleted_at: new Date("2025-02-01T00:00:00.000Z") });
  const d = decide(updateCommand({ title: "New title" }), deleted, ctx());
  assert.equal(d.result.outcome, "not_found");
  assert.equal(d.next, undefined);
  assert.deepEqual(d.events, []);
});

// ---------------------------------------------------------------------------------------
// set aside: what the command names does not belong together

const otherPartnersJob = {
  reason: "job_of_other_partner",
  ids: { command_id: "cmd_1", job_id: JOB_ID, partner_id: OTHER_PARTNER, job_partner_id: PARTNER },
};

Deno.test("decide update, delete or create naming another partner's job: set aside, not_found, nothing changes", () => {
  const commands: JobCommand[] = [
    updateCommand({ title: "Hijacked" }, { partner_id: OTHER_PARTNER }),
    { ...deleteCommand, partner_id: OTHER_PARTNER },
    // A create "replaying" a job id another partner holds: never one the edge sends.
    { ...createCommand, partner_id: OTHER_PARTNER },
  ];
  for (const command of commands) {
    for (const job of [row(), row({ deleted_at: CREATED })]) {
      const d = decide(command, job, ctx());
      assert.equal(d.result.outcome, "not_found", command.type);
      assert.deepEqual(d.setAside, otherPartnersJob, command.type);
      assert.equal(d.next, undefined);
      assert.deepEqual(d.events, []);
      assert.deepEqual(d.changes, []);
    }
  }
});

Deno.test("decide: a command of a partner that does not exist is set aside, whatever it names", () => {
  for (const command of [createCommand, updateCommand({ title: "x" }), deleteCommand]) {
    for (const job of [undefined, row()]) {
      const d = decide({ ...command, partner_id: UNKNOWN_PARTNER }, job, ctx());
      assert.equal(d.result.outcome, "not_found");
      assert.deepEqual(d.setAside, {
        reason: "unknown_partner",
        ids: { command_id: "cmd_1", job_id: JOB_ID, partner_id: UNKNOWN_PARTNER },
      });
      assert.equal(d.next, undefined);
      assert.deepEqual([...d.events, ...d.changes], []);
    }
  }
});

Deno.test("decide: what is set aside is set aside past its deadline too", () => {
  const late = ctx(new Date("2025-03-01T10:00:06.000Z"));
  const d = decide(
    updateCommand({ title: "Hijacked" }, { partner_id: OTHER_PARTNER }),
    row(),
    late,
  );
  assert.deepEqual(d.setAside, otherPartnersJob);
});

Deno.test("decide: the partner's own commands are never set aside", () => {
  assert.equal(decide(createCommand, undefined, ctx()).setAside, undefined);
  assert.equal(decide(createCommand, row(), ctx()).setAside, undefined, "a replay");
  assert.equal(decide(updateCommand({ title: "x" }), row(), ctx()).setAside, undefined);
  assert.equal(decide(deleteCommand, undefined, ctx()).setAside, undefined, "a missing job");
});

// ---------------------------------------------------------------------------------------
// update

Deno.test("decide update with empty changes is applied with no next and no events", () => {
  const c = ctx();
  const d = decide(updateCommand({}), row(), c);
  assert.equal(d.result.outcome, "applied");
  assert.equal(d.result.errors, null);
  assert.equal(d.next, undefined);
  assert.deepEqual(d.events, []);
  assert.equal(c.eventIds.length, 0);
});

Deno.test("decide update repeating the current values is applied with no next and no events", () => {
  const current = row();
  const d = decide(
    updateCommand({
      title: current.title,
      description: current.description,
      city: current.city,
      employment_type: current.employment_type,
      salary_min: current.salary_min,
      salary_max: current.salary_max,
      currency: current.currency,
      status: current.status,
    }),
    current,
    ctx(),
  );
  assert.equal(d.result.outcome, "applied");
  assert.equal(d.next, undefined);
  assert.deepEqual(d.events, []);
});

Deno.test("decide update changing only salary returns next without an event", () => {
  const c = ctx();
  const d = decide(updateCommand({ salary_min: 16_000, salary_max: 30_000 }), row(), c);
  assert.equal(d.result.outcome, "applied");
  assert.deepEqual(d.next, row({ salary_min: 16_000, salary_max: 30_000, updated_at: NOW }));
  assert.deepEqual(d.events, []);
  assert.equal(c.eventIds.length, 0);
});

Deno.test("decide update changing only city returns next without an event", () => {
  const d = decide(updateCommand({ city: "Jeddah" }), row(), ctx());
  assert.equal(d.result.outcome, "applied");
  assert.equal(d.next?.city, "Jeddah");
  assert.deepEqual(d.events, []);
});

Deno.test("decide update of the title emits one job.updated event with the new public job", () => {
  const c = ctx();
  const current = row();
  const d = decide(updateCommand({ title: "Senior Backend Engineer" }), current, c);
  assert.equal(d.result.outcome, "applied");
  // A new text: re-embed (version 2, processing) while the old vector keeps serving.
  assert.deepEqual(
    d.next,
    row({
      title: "Senior Backend Engineer",
      updated_at: NOW,
      content_version: 2,
      embedding_status: "processing",
      match_ready: true,
    }),
  );
  assert.deepEqual(d.events, [{
    id: "evt_1",
    type: "job.updated",
    created_at: NOW.toISOString(),
    partner_id: PARTNER,
    data: {
      job: {
        id: JOB_ID,
        title: "Senior Backend Engineer",
        description: "Build and run the hiring API.",
        city: "Riyadh",
        employment_type: "full_time",
        salary_min: 15_000,
        salary_max: 25_000,
        currency: "SAR",
        status: "active",
        embedding_status: "processing",
        match_ready: true,
        service_url: `${BASE_URL}/jobs/${JOB_ID}`,
        created_at: CREATED.toISOString(),
        updated_at: NOW.toISOString(),
      },
      changed_fields: ["title"],
      previous_attributes: { title: "Backend Engineer" },
    },
  }]);
  assert.deepEqual(d.changes.map((m) => [m.reasons, m.content_version]), [[["content"], 2]]);
  assert.deepEqual(c.eventIds, ["evt_1", "evt_2"]);
});

Deno.test("decide update of the description lists only description as changed", () => {
  const d = decide(updateCommand({ description: "A new description." }), row(), ctx());
  assert.equal(d.events.length, 1);
  const event = d.events[0]!;
  assert.ok(event.type === "job.updated");
  assert.deepEqual(event.data.changed_fields, ["description"]);
  assert.deepEqual(event.data.previous_attributes, {
    description: "Build and run the hiring API.",
  });
  assert.equal(event.data.job.description, "A new description.");
});

Deno.test("decide update of the status emits job.updated with the previous status", () => {
  const d = decide(updateCommand({ status: "paused" }), row(), ctx());
  assert.equal(d.next?.status, "paused");
  assert.equal(d.events.length, 1);
  const event = d.events[0]!;
  assert.ok(event.type === "job.updated");
  assert.deepEqual(event.data.changed_fields, ["status"]);
  assert.deepEqual(event.data.previous_attributes, { status: "active" });
  assert.equal(event.data.job.status, "paused");
  assert.equal(event.partner_id, PARTNER);
});

Deno.test("decide update lists every changed field, eventful or not, and omits unchanged ones", () => {
  const d = decide(
    updateCommand({
      title: "Staff Engineer",
      status: "closed",
      salary_max: 40_000,
      city: "Riyadh", // unchanged
      description: "Build and run the hiring API.", // unchanged
    }),
    row(),
    ctx(),
  );
  assert.equal(d.events.length, 1);
  const event = d.events[0]!;
  assert.ok(event.type === "job.updated");
  assert.deepEqual([...event.data.changed_fields].sort(), ["salary_max", "status", "title"]);
  assert.deepEqual(event.data.previous_attributes, {
    title: "Backend Engineer",
    status: "active",
    salary_max: 25_000,
  });
  assert.equal(event.data.job.salary_max, 40_000);
});

Deno.test("decide update builds service_url from ctx.siteBaseUrl", () => {
  const c = { ...ctx(), siteBaseUrl: "https://staging.example.sa" };
  const d = decide(updateCommand({ title: "Another title" }), row(), c);
  const event = d.events[0]!;
  assert.ok(event.type === "job.updated");
  assert.equal(event.data.job.service_url, `https://staging.example.sa/jobs/${JOB_ID}`);
});

Deno.test("decide update making salary_max below the stored salary_min is rejected", () => {
  const c = ctx();
  const d = decide(updateCommand({ salary_max: 10_000 }), row({ salary_min: 15_000 }), c);
  assert.equal(d.result.outcome, "rejected");
  assert.equal(d.result.errors?.length, 1);
  assert.equal(d.result.errors?.[0]?.field, "/salary_max");
  assert.equal(d.result.errors?.[0]?.code, "salary_range");
  assert.equal(d.next, undefined);
  assert.deepEqual(d.events, []);
  assert.equal(c.eventIds.length, 0);
});

Deno.test("decide update switching to full_time without a salary_min is rejected", () => {
  const current = row({ employment_type: "part_time", salary_min: null, salary_max: null });
  const d = decide(updateCommand({ employment_type: "full_time" }), current, ctx());
  assert.equal(d.result.outcome, "rejected");
  assert.equal(d.result.errors?.length, 1);
  assert.equal(d.result.errors?.[0]?.field, "/salary_min");
  assert.equal(d.result.errors?.[0]?.code, "salary_required");
  assert.match(d.result.errors?.[0]?.message ?? "", /full_time/);
  assert.equal(d.next, undefined);
  assert.deepEqual(d.events, []);
});

Deno.test("decide update switching to full_time together with a salary_min is applied", () => {
  const current = row({ employment_type: "part_time", salary_min: null, salary_max: null });
  const d = decide(
    updateCommand({ employment_type: "full_time", salary_min: 8_000 }),
    current,
    ctx(),
  );
  assert.equal(d.result.outcome, "applied");
  assert.equal(d.next?.employment_type, "full_time");
  assert.equal(d.next?.salary_min, 8_000);
  assert.deepEqual(d.events, []);
});

// ---------------------------------------------------------------------------------------
// delete

Deno.test("decide delete sets deleted_at to now and emits one job.deleted event", () => {
  const c = ctx();
  const d = decide(deleteCommand, row(), c);
  assert.deepEqual(d.result, {
    command_id: "cmd_1",
    job_id: JOB_ID,
    outcome: "applied",
    errors: null,
  });
  assert.deepEqual(
    d.next,
    row({ deleted_at: NOW, updated_at: NOW, match_ready: false }),
  );
  assert.deepEqual(d.events, [{
    id: "evt_1",
    type: "job.deleted",
    created_at: NOW.toISOString(),
    partner_id: PARTNER,
    data: {
      job_id: JOB_ID,
      service_url: `${BASE_URL}/jobs/${JOB_ID}`,
      deleted_at: NOW.toISOString(),
    },
  }]);
  assert.deepEqual(d.changes.map((m) => m.reasons), [["deleted"]]);
  assert.deepEqual(c.eventIds, ["evt_1", "evt_2"]);
});

Deno.test("decide pausing a job takes it out of the match graph and tells the pipeline", () => {
  const d = decide(updateCommand({ status: "paused" }), row(), ctx());
  assert.equal(d.next?.match_ready, false);
  assert.equal(d.next?.embedding_status, "ready");
  assert.equal(d.next?.content_version, 1);
  assert.deepEqual(d.changes.map((m) => m.reasons), [["status"]]);
});

Deno.test("decide reactivating a job with a vector puts it back in the match graph at once", () => {
  const paused = row({ status: "paused", match_ready: false });
  assert.equal(decide(updateCommand({ status: "active" }), paused, ctx()).next?.match_ready, true);
  const neverEmbedded = row({ status: "paused", match_ready: false, embedded_version: 0 });
  const d = decide(updateCommand({ status: "active" }), neverEmbedded, ctx());
  assert.equal(d.next?.match_ready, false);
});

Deno.test("decide a title change on a failed job re-runs the pipeline with fresh attempts", () => {
  const failed = row({
    embedding_status: "failed",
    embedding_attempts: 5,
    embedding_error: "provider down",
    match_ready: false,
    embedded_version: 0,
  });
  const d = decide(updateCommand({ title: "Fixed title" }), failed, ctx());
  assert.equal(d.next?.embedding_status, "processing");
  assert.equal(d.next?.embedding_attempts, 0);
  assert.equal(d.next?.embedding_error, null);
  assert.equal(d.next?.content_version, 2);
});

Deno.test("decide a city or employment type change updates the graph without re-embedding", () => {
  const d = decide(updateCommand({ city: "Jeddah" }), row(), ctx());
  assert.equal(d.next?.content_version, 1);
  assert.equal(d.next?.embedding_status, "ready");
  assert.deepEqual(d.changes.map((m) => m.reasons), [["payload"]]);
  assert.deepEqual(d.events, []);
});

Deno.test("decide a salary-only change does not concern the pipeline", () => {
  const d = decide(updateCommand({ salary_max: 30_000 }), row(), ctx());
  assert.deepEqual(d.changes, []);
});

Deno.test("decide delete of an already deleted job is not_found", () => {
  const deleted = row({ deleted_at: new Date("2025-02-01T00:00:00.000Z") });
  const d = decide(deleteCommand, deleted, ctx());
  assert.equal(d.result.outcome, "not_found");
  assert.equal(d.next, undefined);
  assert.deepEqual(d.events, []);
});

Deno.test("decide does not mutate the stored row", () => {
  const current = row();
  const snapshot = structuredClone(current);
  decide(updateCommand({ title: "Changed", status: "paused" }), current, ctx());
  decide(deleteCommand, current, ctx());
  assert.deepEqual(current, snapshot);
});
