/**
 * A real single-node Kafka broker (KRaft) for development and tests, from Maven Central
 * jars run on the machine's Java. State lives in `.local/kafka/`; starting it again is a
 * no-op when it already answers. `deno task chaos` runs a second one of its own (another
 * folder and port) that it may kill.
 */
import { createKafka } from "@hire/kafka";
import { has, LOCAL, ROOT, run, step, waitFor } from "./run.ts";

// Every local broker runs the same jars.
const LIBS = `${LOCAL}kafka/libs/`;
const PORT = Number(Deno.env.get("KAFKA_LOCAL_PORT") ?? 9092);

/**
 * A local broker: the folder of its state, logs and pid file, and its port (the controller
 * listens on the next one).
 */
export interface LocalBroker {
  dir: string;
  port: number;
}

/** The broker of `deno task dev` and the tests. */
const DEFAULT_BROKER: LocalBroker = { dir: `${LOCAL}kafka/`, port: PORT };

/** The address clients use for a local broker. */
export const brokerAddress = (b: LocalBroker): string => `127.0.0.1:${b.port}`;

/** The broker address local services use when KAFKA_BROKERS is unset. */
export const LOCAL_BROKER = brokerAddress(DEFAULT_BROKER);

/** Whether a broker at `broker` answers a metadata request. */
export async function brokerAnswers(broker: string): Promise<boolean> {
  const admin = createKafka({ brokers: [broker], clientId: "infra", connectionTimeout: 1000 })
    .admin({ retry: { retries: 0 } });
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

async function fetchJars(): Promise<void> {
  const pom = await Deno.readTextFile(`${ROOT}deploy/kafka/pom.xml`);
  const stamp = `${LIBS}.pom`;
  if (await exists(stamp) && await Deno.readTextFile(stamp) === pom) return;
  if (!await has("mvn")) {
    throw new Error("Maven (mvn) is needed to fetch Kafka: apt-get install maven");
  }
  step("fetching Kafka jars from Maven Central (once)");
  await Deno.remove(LIBS, { recursive: true }).catch(() => {});
  await run("mvn", [
    "-q",
    "-B",
    "-f",
    `${ROOT}deploy/kafka/pom.xml`,
    "dependency:copy-dependencies",
    `-DoutputDirectory=${LIBS}`,
  ]);
  await Deno.writeTextFile(stamp, pom);
}

async function writeConfig(b: LocalBroker): Promise<string> {
  const template = await Deno.readTextFile(`${ROOT}deploy/kafka/server.properties`);
  const conf = template
    .replaceAll("${DATA_DIR}", `${b.dir}data/`)
    .replaceAll("${CONTROLLER_PORT}", String(b.port + 1))
    .replaceAll("${PORT}", String(b.port));
  const path = `${b.dir}server.properties`;
  await Deno.writeTextFile(path, conf);
  return path;
}

function javaArgs(b: LocalBroker, main: string, ...args: string[]): string[] {
  return [
    `-Dlog4j.configuration=file:${ROOT}deploy/kafka/log4j.properties`,
    `-Dkafka.logs.dir=${b.dir}`,
    "-cp",
    `${LIBS}*`,
    main,
    ...args,
  ];
}

/**
 * Starts a local broker (by default the shared one) unless it already answers; resolves with
 * its address once it serves metadata. Its storage is formatted the first time.
 */
export async function ensureKafka(b: LocalBroker = DEFAULT_BROKER): Promise<string> {
  const address = brokerAddress(b);
  if (await brokerAnswers(address)) return address;
  if (!await has("java")) {
    throw new Error("Java 17 is needed to run Kafka: apt-get install openjdk-17-jre-headless");
  }
  await Deno.mkdir(`${b.dir}data/`, { recursive: true });
  await fetchJars();
  const conf = await writeConfig(b);
  if (!await exists(`${b.dir}data/meta.properties`)) {
    step("formatting Kafka storage (once)");
    const id = (await run("java", javaArgs(b, "kafka.tools.StorageTool", "random-uuid"))).trim()
      .split("\n").pop()!;
    await run("java", javaArgs(b, "kafka.tools.StorageTool", "format", "-t", id, "-c", conf));
  }
  step(`starting Kafka on ${address} (logs: ${b.dir.replace(ROOT, "")}kafka.log)`);
  // setsid: the broker outlives this command, so the next dev or test run finds it warm.
  const child = new Deno.Command("setsid", {
    args: [
      "java",
      "-Xms256m",
      "-Xmx1g",
      "-XX:+UseG1GC",
      // As Kafka's own start script does: every stop of the JVM, by wall-clock time, which the
      // benchmarks read against their loads (bench/common/broker_pauses.ts).
      `-Xlog:gc,safepoint:file=${brokerGcLog(b)}:time,uptime:filecount=5,filesize=20m`,
      ...javaArgs(b, "kafka.Kafka", conf),
    ],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  await Deno.writeTextFile(`${b.dir}kafka.pid`, String(child.pid));
  child.unref();
  await waitFor("Kafka", () => brokerAnswers(address), 90_000);
  step("Kafka is ready");
  return address;
}

/** The log of the JVM's collections and stops of the broker started in `b.dir`. */
export function brokerGcLog(b: LocalBroker = DEFAULT_BROKER): string {
  return `${b.dir}gc.log`;
}

/** The pid of the broker started in `b.dir`, if one was (it may have exited since). */
export async function brokerPid(b: LocalBroker = DEFAULT_BROKER): Promise<number | undefined> {
  const pid = Number(await Deno.readTextFile(`${b.dir}kafka.pid`).catch(() => ""));
  return pid > 0 ? pid : undefined;
}

/** Whether `pid` is alive (a zombie counts as gone). */
export async function processAlive(pid: number): Promise<boolean> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => "");
  return stat !== "" && stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
}

/**
 * The pid of `b`'s running broker, checked to be one: a signal must never reach another
 * broker (the chaos suite kills its own with SIGKILL beside the shared one) or a process that
 * took over a stale pid. Undefined when none runs.
 */
async function runningPid(b: LocalBroker): Promise<number | undefined> {
  const pid = await brokerPid(b);
  if (!pid || !await processAlive(pid)) return undefined;
  const cmdline = (await Deno.readTextFile(`/proc/${pid}/cmdline`).catch(() => ""))
    .split("\0");
  const ours = cmdline.includes("kafka.Kafka") && cmdline.includes(`${b.dir}server.properties`);
  return ours ? pid : undefined;
}

/** Sends `signal` to `b`'s broker and waits until it is gone; false when none ran. */
export async function signalBroker(b: LocalBroker, signal: Deno.Signal): Promise<boolean> {
  const pid = await runningPid(b);
  if (!pid) return false;
  Deno.kill(pid, signal);
  await waitFor(
    `the broker (pid ${pid}) to exit`,
    async () => !await processAlive(pid),
    60_000,
    100,
  );
  return true;
}

/**
 * Stops a local broker (by default the shared one): SIGTERM, and SIGKILL when it has not
 * exited within a minute. Resolves once it is gone, so a start that follows starts a new one
 * instead of finding the old one still answering.
 */
export async function stopKafka(b: LocalBroker = DEFAULT_BROKER): Promise<void> {
  try {
    if (await signalBroker(b, "SIGTERM")) step(`stopped Kafka (${brokerAddress(b)})`);
  } catch {
    await signalBroker(b, "SIGKILL");
    step(`killed Kafka (${brokerAddress(b)}): it did not stop within a minute`);
  }
  await Deno.remove(`${b.dir}kafka.pid`).catch(() => {});
}
