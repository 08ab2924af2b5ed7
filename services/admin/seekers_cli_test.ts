import assert from "node:assert/strict";
import { isId } from "@hire/ids";
import { generateSeekers } from "@hire/fixtures";
import { type Admin, ConfigResourceTypes, createKafka } from "@hire/kafka";
import { decodeSeeker, type Seeker } from "@hire/seekers";
import { parseSeekersArgs } from "./seekers_cli.ts";

const KAFKA_BROKERS = Deno.env.get("KAFKA_BROKERS") ?? "127.0.0.1:9092";
const MAIN = new URL("./seekers_main.ts", import.meta.url).pathname;
const kafka = createKafka({ brokers: KAFKA_BROKERS.split(","), clientId: "seekers-cli-test" });

async function cli(topic: string, ...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    env: { KAFKA_BROKERS, TOPIC_SEEKERS: topic },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout).trim();
  return {
    code: out.code,
    lastLine: stdout.split("\n").at(-1) ?? "",
    stderr: new TextDecoder().decode(out.stderr),
  };
}

/** Runs `fn` with a unique topic name and an admin client; deletes the topic afterwards. */
async function withTopic(fn: (topic: string, admin: Admin) => Promise<void>): Promise<void> {
  const topic = `seekers.test.${crypto.randomUUID()}`;
  const admin = kafka.admin();
  await admin.connect();
  try {
    await fn(topic, admin);
  } finally {
    if ((await admin.listTopics()).includes(topic)) await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  }
}

/** Every message of `topic`: the high watermarks say how many, a consumer reads them. */
async function readTopic(admin: Admin, topic: string): Promise<{ key: string; seeker: Seeker }[]> {
  const offsets = await admin.fetchTopicOffsets(topic);
  const total = offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
  const consumer = kafka.consumer({ groupId: `seekers-cli-test-${crypto.randomUUID()}` });
  const seen: { key: string; seeker: Seeker }[] = [];
  try {
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: ({ message }) => {
        seen.push({ key: message.key!.toString(), seeker: decodeSeeker(message.value!) });
        return Promise.resolve();
      },
    });
    const until = Date.now() + 30_000;
    while (seen.length < total && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  } finally {
    await consumer.disconnect();
  }
  assert.equal(seen.length, total, "every message on the topic was read");
  return seen;
}

const nurse = {
  id: "seek_01J9Z3K8W5X7Q2R4T6V8Y0A2C4",
  headline: "ICU Nurse",
  summary: "Eight years in adult critical care.",
  skills: ["ACLS"],
  city: "Riyadh",
  employment_types: ["full_time"],
  salary_expectation: 14000,
  updated_at: "2025-03-01T08:30:00.000Z",
};
const { id: _, updated_at: __, ...cashierNoId } = {
  ...nurse,
  headline: "كاشيرة",
  summary: "",
  skills: ["أنظمة نقاط البيع"],
  city: "jiddah",
  employment_types: ["part_time"],
  salary_expectation: null,
};
const driverNoId = {
  headline: "Delivery Driver",
  summary: "Five years of last-mile delivery.",
  skills: ["Route planning"],
  city: "Dammam",
  employment_types: ["full_time", "contract"],
  updated_at: "2025-04-01T10:00:00+03:00",
};

Deno.test("seekers import publishes the valid lines keyed by id and reports the invalid one, exit 1", async () => {
  await withTopic(async (topic, admin) => {
    const file = await Deno.makeTempFile({ suffix: ".jsonl" });
    try {
      const lines = [nurse, cashierNoId, "", { ...nurse, city: "Dubai" }, driverNoId];
      await Deno.writeTextFile(
        file,
        lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n",
      );
      const res = await cli(topic, "import", file);
      assert.equal(res.code, 1, res.stderr);
      const summary = JSON.parse(res.lastLine);
      assert.equal(summary.published, 3);
      assert.equal(summary.rejected, 1);
      assert.equal(summary.errors.length, 1);
      assert.equal(summary.errors[0].line, 4);
      assert.deepEqual(summary.errors[0].errors.map((e: { field: string }) => e.field), ["/city"]);
      assert.match(summary.errors[0].errors[0].message, /city of Saudi Arabia/);

      const messages = await readTopic(admin, topic);
      for (const { key, seeker } of messages) {
        assert.equal(key, seeker.id);
        assert.ok(isId("seek", key), key);
      }
      const byHeadline = new Map(messages.map((m) => [m.seeker.headline, m.seeker]));
      assert.deepEqual([...byHeadline.keys()].sort(), ["Delivery Driver", "ICU Nurse", "كاشيرة"]);
      assert.deepEqual(byHeadline.get("ICU Nurse"), nurse);
      const cashier = byHeadline.get("كاشيرة")!;
      assert.equal(cashier.city, "Jeddah");
      assert.ok(Math.abs(Date.parse(cashier.updated_at) - Date.now()) < 60_000);
      const driver = byHeadline.get("Delivery Driver")!;
      assert.equal(driver.updated_at, "2025-04-01T07:00:00.000Z");
      assert.equal(driver.salary_expectation, null);
      assert.notEqual(driver.id, cashier.id);
    } finally {
      await Deno.remove(file);
    }
  });
});

Deno.test("seekers import of a file of valid lines exits 0 with an empty error list", async () => {
  await withTopic(async (topic, admin) => {
    const file = await Deno.makeTempFile({ suffix: ".jsonl" });
    try {
      await Deno.writeTextFile(file, `${JSON.stringify(nurse)}\r\n\r\n`);
      const res = await cli(topic, "import", file);
      assert.equal(res.code, 0, res.stderr);
      assert.deepEqual(JSON.parse(res.lastLine), { published: 1, rejected: 0, errors: [] });
      // Created like the registry's seekers.v1: compacted, 12 partitions.
      const [meta] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
      assert.equal(meta!.partitions.length, 12);
      const { resources: [config] } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{
          type: ConfigResourceTypes.TOPIC,
          name: topic,
          configNames: ["cleanup.policy"],
        }],
      });
      assert.equal(config!.configEntries[0]!.configValue, "compact");
    } finally {
      await Deno.remove(file);
    }
  });
});

Deno.test("seekers import of synthetic seekers publishes them unchanged, keyed by their ids", async () => {
  await withTopic(async (topic, admin) => {
    const file = await Deno.makeTempFile({ suffix: ".jsonl" });
    try {
      // What `deno task seekers:synthetic --count 25 --seed 7` prints.
      const seekers = generateSeekers(25, 7);
      await Deno.writeTextFile(file, seekers.map((s) => `${JSON.stringify(s)}\n`).join(""));
      const res = await cli(topic, "import", file);
      assert.equal(res.code, 0, res.stderr);
      assert.deepEqual(JSON.parse(res.lastLine), { published: 25, rejected: 0, errors: [] });
      const messages = await readTopic(admin, topic);
      const byId = (a: Seeker, b: Seeker) => a.id.localeCompare(b.id);
      assert.deepEqual(messages.map((m) => m.seeker).sort(byId), seekers.sort(byId));
      assert.ok(messages.every((m) => m.key === m.seeker.id));
    } finally {
      await Deno.remove(file);
    }
  });
});

Deno.test("seekers import of a file that cannot be read exits 1 and touches no topic", async () => {
  await withTopic(async (topic, admin) => {
    const res = await cli(topic, "import", `/nonexistent/${crypto.randomUUID()}.jsonl`);
    assert.equal(res.code, 1);
    assert.match(res.stderr, /cannot read/);
    assert.equal(res.lastLine, "");
    assert.ok(!(await admin.listTopics()).includes(topic));
  });
});

Deno.test("seekers CLI refuses bad usage with exit code 2 and the usage text", async () => {
  const cases = [
    [],
    ["launch"],
    ["import"],
    ["import", "a.jsonl", "b.jsonl"],
    ["import", "a.jsonl", "--colour", "red"],
    ["import", "a.jsonl", "--count", "3"],
    ["seed"],
    ["seed", "--count", "0"],
    ["seed", "--count", "ten"],
    ["seed", "--count", "3", "--seed", "1.5"],
    ["seed", "--count", "3", "extra"],
  ];
  const topic = `seekers.test.${crypto.randomUUID()}`;
  for (const args of cases) {
    const res = await cli(topic, ...args);
    assert.equal(res.code, 2, `${args.join(" ")}: ${res.stderr}`);
    assert.match(res.stderr, /usage:/);
  }
});

Deno.test("parseSeekersArgs reads import FILE", () => {
  assert.deepEqual(parseSeekersArgs(["import", "f.jsonl"]), { command: "import", file: "f.jsonl" });
});
