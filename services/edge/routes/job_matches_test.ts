import assert from "node:assert/strict";
import type { FieldError } from "@hire/errors";
import { ApiError } from "../problem.ts";
import { firstValues, refuseInvalid } from "../validation.ts";
import { matchListQuerySchema } from "./job_matches.ts";

const ARABIC_LETTER = /\p{Script=Arabic}/u;
const query = firstValues(matchListQuerySchema);

/** The field errors the routes' hook answers `input` with; fails when it is accepted. */
function errorsOf(input: Record<string, string>): FieldError[] {
  const result = query.safeParse(input);
  assert.ok(!result.success, `${JSON.stringify(input)} should be refused`);
  try {
    refuseInvalid({ target: "query", success: false, error: result.error, data: input });
  } catch (err) {
    assert.ok(err instanceof ApiError);
    assert.equal(err.status, 422);
    return err.opts.errors ?? [];
  }
  throw new Error("refuseInvalid let an invalid query through");
}

Deno.test("the matches query takes limit 1 to 100, 20 by default, and a cursor", () => {
  assert.deepEqual(query.parse({}), { limit: 20 });
  assert.deepEqual(query.parse({ limit: "1", cursor: "abc" }), { limit: 1, cursor: "abc" });
  assert.deepEqual(query.parse({ limit: "100" }), { limit: 100 });
});

Deno.test("the matches query refuses a limit out of bounds and unknown parameters, in both languages", () => {
  const cases: [Record<string, string>, string, string][] = [
    [{ limit: "0" }, "/limit", "too_small"],
    [{ limit: "101" }, "/limit", "too_big"],
    [{ limit: "2.5" }, "/limit", "not_integer"],
    [{ status: "active" }, "/status", "unknown_field"],
    [{ city: "Riyadh" }, "/city", "unknown_field"],
  ];
  for (const [input, field, code] of cases) {
    const errors = errorsOf(input);
    assert.deepEqual(errors.map((e) => [e.field, e.code]), [[field, code]], JSON.stringify(input));
    assert.match(errors[0]!.message, /\w/);
    assert.match(errors[0]!.messageAr, ARABIC_LETTER);
  }
});
