import assert from "node:assert/strict";
import { cacheFitWarning } from "./cache_fit_warning.ts";

const MiB = 1024 * 1024;

Deno.test("no warning while the vector tables take at most three quarters of shared_buffers", () => {
  assert.equal(cacheFitWarning({ vectorBytes: 0, sharedBuffersBytes: 128 * MiB }), undefined);
  assert.equal(
    cacheFitWarning({ vectorBytes: 96 * MiB, sharedBuffersBytes: 128 * MiB }),
    undefined,
  );
  assert.equal(
    cacheFitWarning({ vectorBytes: 801 * MiB, sharedBuffersBytes: 2048 * MiB }),
    undefined,
    "bench:pipeline's 100,000 seekers under 2 GB",
  );
});

Deno.test("tables past the share are named with both sizes and a setting that holds them", () => {
  const warning = cacheFitWarning({ vectorBytes: 801 * MiB, sharedBuffersBytes: 128 * MiB });
  assert.match(warning ?? "", /tables take 801 MB and Postgres's shared_buffers is 128 MB/);
  // 801 / 0.75 = 1,068 MB, rounded up to a multiple of 128.
  assert.match(warning ?? "", /Set shared_buffers to at least 1152MB/);
  assert.match(
    cacheFitWarning({ vectorBytes: 97 * MiB, sharedBuffersBytes: 128 * MiB }) ?? "",
    /at least 256MB/,
    "just past the share",
  );
});
