/**
 * A real single-node Kafka broker (KRaft) for development and tests, from Maven Central
 * jars run on the machine's Java. State lives in `.local/kafka/`; starting it again is a
 * no-op when it already answers.
 */
import { createKafka } from "@hire/kafka";
import { has, LOCAL, ROOT, run, step, waitFor } from "./run.ts";

const DIR = `${LOCAL}kafka/`;
const LIBS = `${DIR}libs/`;
const DATA = `${DIR}data/`;
const PORT = Number(Deno.env.get("KAFKA_LOCAL_PORT") ?? 9092);
const CONTROLLER_PORT = PORT + 1;
/** The broker address local services use when KAFKA_BROKERS is unset. */
export const LOCAL_BROKER = `127.0.0.1:${PORT}`;

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

async function writeConfig(): Promise<string> {
  const template = await Deno.readTextFile(`${ROOT}deploy/kafka/server.properties`);
  const conf = template
    .replaceAll("${DATA_DIR}", DATA)
    .replaceAll("${CONTROLLER_PORT}", String(CONTROLLER_PORT))
    .replaceAll("${PORT}", String(PORT));
  const path = `${DIR}server.properties`;
  await Deno.writeTextFile(path, conf);
  return path;
}

function javaArgs(main: string, ...args: string[]): string[] {
  return [
    `-Dlog4j.configuration=file:${ROOT}deploy/kafka/log4j.properties`,
    `-Dkafka.logs.dir=${DIR}`,
    "-cp",
    `${LIBS}*`,
    main,
    ...args,
  ];
}

/** Starts the local broker unless one already answers; resolves once it serves metadata. */
export async function ensureKafka(): Promise<string> {
  if (await brokerAnswers(LOCAL_BROKER)) return LOCAL_BROKER;
  if (!await has("java")) {
    throw new Error("Java 17 is needed to run Kafka: apt-get install openjdk-17-jre-headless");
  }
  await Deno.mkdir(DATA, { recursive: true });
  await fetchJars();
  const conf = await writeConfig();
  if (!await exists(`${DATA}meta.properties`)) {
    step("formatting Kafka storage (once)");
    const id = (await run("java", javaArgs("kafka.tools.StorageTool", "random-uuid"))).trim().split(
      "\n",
    ).pop()!;
    await run("java", javaArgs("kafka.tools.StorageTool", "format", "-t", id, "-c", conf));
  }
  step(`starting Kafka on ${LOCAL_BROKER} (logs: .local/kafka/kafka.log)`);
  // setsid: the broker outlives this command, so the next dev or test run finds it warm.
  const child = new Deno.Command("setsid", {
    args: ["java", "-Xms256m", "-Xmx1g", "-XX:+UseG1GC", ...javaArgs("kafka.Kafka", conf)],
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  await Deno.writeTextFile(`${DIR}kafka.pid`, String(child.pid));
  child.unref();
  await waitFor("Kafka", () => brokerAnswers(LOCAL_BROKER), 90_000);
  step("Kafka is ready");
  return LOCAL_BROKER;
}

/** Stops the broker this script started, if any. */
export async function stopKafka(): Promise<void> {
  const pid = await Deno.readTextFile(`${DIR}kafka.pid`).catch(() => "");
  if (!pid) return;
  try {
    Deno.kill(Number(pid), "SIGTERM");
    step(`stopped Kafka (pid ${pid})`);
  } catch {
    // Already gone.
  }
  await Deno.remove(`${DIR}kafka.pid`).catch(() => {});
}
