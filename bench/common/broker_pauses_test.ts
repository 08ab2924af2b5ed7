import assert from "node:assert/strict";
import { brokerPauses, brokerPausesText, readBrokerPauses } from "./broker_pauses.ts";

// Lines as Java 17 writes them with -Xlog:gc,safepoint:...:time,uptime (from a real run).
const LOG = `\
[2026-12-01T12:01:15.917+0000][243.511s] GC(41) Pause Young (Normal) (G1 Evacuation Pause) 254M->208M(332M) 27.066ms
[2026-12-01T12:01:15.917+0000][243.511s] Safepoint "G1CollectForAllocation", Time since last: 19006121775 ns, Reaching safepoint: 59502 ns, Cleanup: 78059 ns, At safepoint: 27965074 ns, Total: 28102635 ns
[2026-12-01T12:01:31.102+0000][258.696s] Safepoint "Cleanup", Time since last: 1000130111 ns, Reaching safepoint: 155920 ns, Cleanup: 8870 ns, At safepoint: 3491 ns, Total: 168281 ns
[2026-12-01T12:01:33.606+0000][261.200s] Safepoint "G1CollectForAllocation", Time since last: 17592130 ns, Reaching safepoint: 69001 ns, Cleanup: 26029 ns, At safepoint: 34644496 ns, Total: 34739526 ns
[2026-12-01T12:01:33.806+0000][261.400s] Safepoint "G1PauseRemark", Time since last: 153571920 ns, Reaching safepoint: 11842 ns, Cleanup: 17554 ns, At safepoint: 46081451 ns, Total: 46110847 ns
[2026-12-01T12:01:52.248+0000][279.842s] GC(44) Pause Young (Prepare Mixed) (G1 Evacuation Pause) 276M->200M(332M) 17.296ms
`;

const at = (iso: string) => Date.parse(iso);

Deno.test("brokerPauses: sums the stops that ended within the span, by the log's wall clock", () => {
  const p = brokerPauses(LOG, at("2026-12-01T12:01:20Z"), at("2026-12-01T12:01:40Z"));
  assert.deepEqual(p, { count: 3, totalMs: 81, over5Ms: 2, longestMs: 46.1 });
});

Deno.test("brokerPauses: the collections' own lines are not counted twice, and a span without stops is zero", () => {
  const all = brokerPauses(LOG, at("2026-12-01T12:00:00Z"), at("2026-12-01T12:02:00Z"));
  assert.equal(all.count, 4, "four safepoints; the two GC lines are not stops of their own");
  assert.deepEqual(
    brokerPauses(LOG, at("2026-12-01T12:01:40Z"), at("2026-12-01T12:01:50Z")),
    { count: 0, totalMs: 0, over5Ms: 0, longestMs: 0 },
  );
});

Deno.test("readBrokerPauses: no log (a broker started without one) gives nothing, not zero", async () => {
  const dir = await Deno.makeTempDir();
  try {
    assert.equal(await readBrokerPauses(`${dir}/gc.log`, 0, Date.now()), undefined);
    await Deno.writeTextFile(`${dir}/gc.log`, LOG);
    const p = await readBrokerPauses(`${dir}/gc.log`, 0, Date.now());
    assert.equal(p?.count, 4);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("brokerPausesText: says the sum, the count, the long ones and the longest", () => {
  assert.equal(
    brokerPausesText({ count: 3, totalMs: 81, over5Ms: 2, longestMs: 46.1 }),
    "81 ms in all over 3 stops, 2 of them over 5 ms, the longest 46.1 ms",
  );
});
