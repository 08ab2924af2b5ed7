import assert from "node:assert/strict";
import type { Reservation } from "@hire/tables";
import { nextTurn } from "@hire/testing/wait.ts";
import { combinedReservations, shareReservation } from "./quota_reservations.ts";

const at = new Date("2026-11-24T12:00:00Z");
const reservation = (granted: number, used: number): Reservation => ({
  granted,
  used,
  month: "2026-11-01",
  now: at,
});

Deno.test("a combined reservation is shared in arrival order, usage as consecutive statements report it", () => {
  // 8 of 10 used: asks of 1, 3 and 1 were granted 2 together.
  assert.deepEqual(shareReservation([1, 3, 1], reservation(2, 10)), [
    reservation(1, 9),
    reservation(1, 10),
    reservation(0, 10),
  ]);
  assert.deepEqual(shareReservation([2, 5], reservation(7, 7)), [
    reservation(2, 2),
    reservation(5, 7),
  ]);
});

/** A month of `limit` in memory, reserving as the SQL statement does, with one statement held open. */
function fakeMonth(limit: number) {
  let used = 0;
  const statements: number[] = [];
  let open: (() => void) | undefined;
  const reserve = async ({ n }: { partnerId: string; n: number; limit: number }) => {
    statements.push(n);
    if (statements.length === 1) await new Promise<void>((r) => open = r);
    const granted = Math.min(n, Math.max(0, limit - used));
    used += granted;
    return reservation(granted, used);
  };
  return { reserve, statements, release: () => open?.() };
}

Deno.test("reservations asked while one is in flight go to the database as one statement", async () => {
  const month = fakeMonth(4);
  const reserve = combinedReservations(month.reserve);
  const ask = (n: number) => reserve({ partnerId: "ptn_a", n, limit: 4 });
  const first = ask(1);
  await nextTurn(); // its statement is under way
  const rest = [ask(1), ask(2), ask(1)];
  month.release();
  const all = await Promise.all([first, ...rest]);
  assert.deepEqual(month.statements, [1, 4]);
  assert.deepEqual(all.map((r) => [r.granted, r.used]), [[1, 1], [1, 2], [2, 4], [0, 4]]);
});

Deno.test("partners (and limits) are never combined, and a lone reservation runs by itself", async () => {
  const seen: string[] = [];
  const reserve = combinedReservations(({ partnerId, n, limit }) => {
    seen.push(`${partnerId}:${n}/${limit}`);
    return Promise.resolve(reservation(n, n));
  });
  await Promise.all([
    reserve({ partnerId: "ptn_a", n: 1, limit: 10 }),
    reserve({ partnerId: "ptn_b", n: 2, limit: 10 }),
    reserve({ partnerId: "ptn_a", n: 3, limit: 20 }),
  ]);
  assert.deepEqual(seen, ["ptn_a:1/10", "ptn_b:2/10", "ptn_a:3/20"]);
  assert.deepEqual(await reserve({ partnerId: "ptn_a", n: 1, limit: 10 }), reservation(1, 1));
});

Deno.test("a failed statement fails every reservation combined into it, and the next one runs", async () => {
  let calls = 0;
  const reserve = combinedReservations(async ({ n }) => {
    calls++;
    if (calls <= 2) {
      await new Promise((r) => setTimeout(r, calls === 1 ? 5 : 0));
      throw new Error("database unavailable");
    }
    return reservation(n, n);
  });
  const ask = () => reserve({ partnerId: "ptn_a", n: 1, limit: 10 });
  const first = ask();
  await nextTurn(); // its statement is under way
  const results = await Promise.allSettled([first, ask(), ask()]);
  assert.deepEqual(results.map((r) => r.status), ["rejected", "rejected", "rejected"]);
  assert.equal(calls, 2);
  assert.deepEqual(await ask(), reservation(1, 1));
});
