import assert from "node:assert/strict";
import { collectionsDuringLoad, duringLoad } from "./heap_log.ts";

const line = (ms: number, after: number) =>
  `[1:0x5] ${ms} ms: Mark-Compact ${after + 50} (${after + 80}) -> ${after} (${
    after + 20
  }) MB, 9 / 0 ms`;

Deno.test("duringLoad keeps the collections within the load, timed from its start", () => {
  const c = (ms: number) => ({ ms, beforeMiB: 90, afterMiB: 40, reservedAfterMiB: 60 });
  // The process started at 1,000,000; the load ran from 1,010,000 to 1,610,000.
  assert.deepEqual(
    duringLoad([c(5_000), c(10_000), c(70_400), c(610_000), c(611_000)], 1_000_000, {
      from: 1_010_000,
      to: 1_610_000,
    }),
    [
      { s: 0, afterMiB: 40, reservedAfterMiB: 60 },
      { s: 60, afterMiB: 40, reservedAfterMiB: 60 },
      { s: 600, afterMiB: 40, reservedAfterMiB: 60 },
    ],
  );
});

Deno.test("collectionsDuringLoad reads each service's log only past its mark", async () => {
  const path = await Deno.makeTempFile({ suffix: ".log" });
  try {
    const before = `${line(1_000, 10)}\n{"msg":"started"}\n`;
    await Deno.writeTextFile(path, `${before}${line(20_000, 30)}\n${line(30_000, 31)}\n`);
    const got = await collectionsDuringLoad(
      { logPath: () => path },
      { embed: { offset: new TextEncoder().encode(before).length, startedAt: 0 } },
      { from: 0, to: 60_000 },
    );
    assert.deepEqual(got, {
      embed: [
        { s: 20, afterMiB: 30, reservedAfterMiB: 50 },
        { s: 30, afterMiB: 31, reservedAfterMiB: 51 },
      ],
    });
  } finally {
    await Deno.remove(path);
  }
});
