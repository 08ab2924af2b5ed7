import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { waitUntil } from "@hire/testing/wait.ts";
import { announceApiLoad, API_LOAD_CHANNEL, hearApiLoad } from "./api_load.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const url = TEST_DATABASE_URL;
const announcing = connect(url, { max: 1 });
const listening = connect(url, { max: 2 });
Deno.test.afterAll(async () => {
  await Promise.all([announcing.end(), listening.end()]);
});

// Other API processes of the test run may announce on the same database at the same time;
// a sender that claims 50 cores (10 s of CPU each 200 ms, less as the timer runs late)
// stands out from anything real.
const BUSY = 25;

Deno.test("a listener hears an API process's load, ignores noise, and forgets it once silent", async () => {
  const heard = await hearApiLoad(listening);
  let cpuUs = 0;
  // Ten seconds of CPU at each 200 ms announcement.
  const announcer = announceApiLoad(announcing, "edge", () => cpuUs += 10_000_000);
  try {
    await listening`SELECT pg_notify(${API_LOAD_CHANNEL}, 'not an announcement')`;
    const busy = await waitUntil("the announced load", () => {
      const now = heard.current();
      return Promise.resolve(now >= BUSY ? now : undefined);
    });
    assert.ok(busy < 75, `one sender counted once: ${busy}`);
    announcer.stop();
    await waitUntil("the silent sender to be forgotten", () => {
      return Promise.resolve(heard.current() < BUSY ? true : undefined);
    });
  } finally {
    announcer.stop();
    await heard.stop();
  }
});

Deno.test("a listener's first reading counts every sender: it answers once each has had time to announce", async () => {
  let cpuUs = 0;
  const announcer = announceApiLoad(announcing, "edge", () => cpuUs += 10_000_000);
  try {
    const heard = await hearApiLoad(listening);
    try {
      const first = heard.current();
      assert.ok(first >= BUSY, `the busy sender is counted from the first reading: ${first}`);
    } finally {
      await heard.stop();
    }
  } finally {
    announcer.stop();
  }
});

Deno.test("an announcer whose Postgres is away skips each announcement and keeps trying", async () => {
  // Nothing listens on port 1: every NOTIFY fails to connect.
  const away = connect("postgres://postgres@127.0.0.1:1/hire_test", { max: 1, connectTimeout: 1 });
  let readings = 0;
  const announcer = announceApiLoad(away, "edge", () => (readings++, 0));
  try {
    // The meter reads once when made and once per announcement: a failure that stopped the
    // timer, or a rejection left unhandled (which fails this test), would not get to four.
    await waitUntil("announcements after failures", () => {
      return Promise.resolve(readings >= 4 ? true : undefined);
    }, { timeoutMs: 15_000 });
  } finally {
    announcer.stop();
    // postgres.js can wait for good on a pool whose last connect failed, as the services'
    // shutdown does not (it ends with a time limit too).
    await away.end({ timeout: 1 });
  }
});
