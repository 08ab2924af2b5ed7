/**
 * `deno task test`: starts or finds Kafka and Postgres, creates a fresh test database,
 * migrates it, and runs every test (unit and integration) against the real services.
 * Extra arguments go to `deno test`, e.g. `deno task test services/edge`.
 */
import { ensureChromium } from "./chromium.ts";
import { dropScratchDatabases, ensureDatabase } from "./postgres.ts";
import { prepare, up } from "./infra.ts";
import { LOCAL, ROOT, step } from "./run.ts";
import { createKafka } from "@hire/kafka";

// Topics tests create carry a "test." (or "<area>.test.") prefix; a run that died before
// cleaning up leaves them behind, and thousands of them slow the shared broker down.
const TEST_TOPIC = /^(test|outbox\.test|publisher\.test|seekers\.test)\./;

async function deleteLeftoverTestTopics(brokers: string): Promise<void> {
  const admin = createKafka({ brokers: brokers.split(","), clientId: "test-runner" }).admin();
  await admin.connect();
  try {
    const leftovers = (await admin.listTopics()).filter((t) => TEST_TOPIC.test(t));
    for (let i = 0; i < leftovers.length; i += 100) {
      await admin.deleteTopics({ topics: leftovers.slice(i, i + 100), timeout: 60_000 });
    }
    if (leftovers.length) step(`deleted ${leftovers.length} topics left by earlier test runs`);
  } finally {
    await admin.disconnect();
  }
}

// Tests get a database of their own, made afresh each run: `<name>_test` beside DATABASE_URL's.
const base = new URL(Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire");
const name = base.pathname.slice(1) || "hire";
base.pathname = `/${name.endsWith("_test") ? name : `${name}_test`}`;
const databaseUrl = base.toString();

const infra = await up(databaseUrl);
await ensureDatabase(databaseUrl, { fresh: true });
const scratch = await dropScratchDatabases(databaseUrl);
if (scratch) step(`dropped ${scratch} test stack databases left by earlier runs`);
await prepare(infra);
// Several runs may share one broker (each with its own DATABASE_URL): only a lone run sweeps.
if (!Deno.env.get("TEST_SHARED_BROKER")) await deleteLeftoverTestTopics(infra.brokers);
// After the infrastructure, never beside it: both may run apt-get, which takes a lock.
const chromium = await ensureChromium();
step(`testing against ${new URL(databaseUrl).pathname.slice(1)} and Kafka ${infra.brokers}`);

// One report per test database: runs beside each other (each with its own DATABASE_URL) must
// not read each other's counts.
const report = `${LOCAL}test-report-${new URL(databaseUrl).pathname.slice(1)}.xml`;
// A run that dies before writing its report must not be counted from the last one's.
await Deno.remove(report).catch(() => {});
const child = new Deno.Command(Deno.execPath(), {
  args: ["test", "-A", "--parallel", `--junit-path=${report}`, ...Deno.args],
  cwd: ROOT,
  env: {
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: infra.brokers,
    LOG_LEVEL: "warn",
    CHROMIUM_PATH: chromium,
  },
  stdin: "null",
}).spawn();
const { code } = await child.status;

// A closing line CI can read whatever the runner: "N passed, N failed".
const xml = await Deno.readTextFile(report).catch(() => "");
const attr = (name: string) =>
  Number(new RegExp(`<testsuites[^>]*\\s${name}="(\\d+)"`).exec(xml)?.[1] ?? 0);
const total = attr("tests");
const failed = attr("failures") + attr("errors");
// Ignored tests (Qdrant's without QDRANT_URL) are reported, not counted as passed.
const skipped = xml.match(/<skipped\b/g)?.length ?? 0;
console.log(`\n${total - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
// A file that fails to load or type-check fails the run without failing a test.
if (code !== 0 && failed === 0) console.log(`the test run failed (exit code ${code}): see above`);
Deno.exit(code === 0 && total === 0 ? 1 : code);
