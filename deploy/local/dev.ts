/**
 * `deno task dev`: the whole system on this machine. Starts or finds Kafka and Postgres,
 * migrates, creates topics, then runs every service as its own process (as production
 * does), each logged in to Postgres as its own role, with their logs interleaved. Ctrl-C
 * stops the services; Kafka keeps running so the next start is fast (`deno task infra:stop`
 * stops it).
 */
import { connect } from "@hire/db";
import { ensureLogins, loginOf, urlAs } from "./db_logins.ts";
import { prepare, up } from "./infra.ts";
import { ROOT, step } from "./run.ts";
import { describeMail, startSmtpSink } from "@hire/testing/smtp_sink.ts";
import { serviceCommand, SERVICES } from "./services.ts";

// DEV_SERVICES=job,edge runs a subset, e.g. to measure the API without the pipeline
// competing for the same cores.
const only = Deno.env.get("DEV_SERVICES")?.split(",").map((s) => s.trim()).filter(Boolean);
const unknown = only?.filter((n) => !SERVICES.some((s) => s.name === n)) ?? [];
if (unknown.length) {
  throw new Error(
    `DEV_SERVICES: unknown ${unknown.join(", ")}; known: ${SERVICES.map((s) => s.name)}`,
  );
}
const selected = SERVICES.filter((s) => !only || only.includes(s.name));

const infra = await up();
await prepare(infra);

// Each service logs in as its own role (migration 0010) with a password made for this run:
// unused where the server trusts loopback, as local clusters here do, needed where it does not.
const logins = selected.map(({ role }) => ({
  role,
  password: crypto.randomUUID().replaceAll("-", ""),
}));
const owner = connect(infra.databaseUrl, { max: 1, name: "infra" });
try {
  await ensureLogins(owner, logins);
} finally {
  await owner.end();
}

// E-mails the services send (webhook disable notices) land here, one .eml each, and are
// announced in the log, so developers see them without a mail server.
const mail = await startSmtpSink({
  port: Number(Deno.env.get("SMTP_SINK_PORT") ?? 2525),
  dir: `${ROOT}.local/mail`,
  onMessage: (m) => step(describeMail(m)),
});
const env = {
  KAFKA_BROKERS: infra.brokers,
  SMTP_URL: Deno.env.get("SMTP_URL") ?? mail.url,
};
const children = selected.map(({ name, entry }, i) => {
  const { role, password } = logins[i]!;
  const child = serviceCommand(entry, {
    env: { ...env, DATABASE_URL: urlAs(infra.databaseUrl, loginOf(role), password) },
  }).spawn();
  for (const stream of [child.stdout, child.stderr]) prefixLines(stream, name);
  return { name, child };
});
step(
  `running ${selected.map((s) => s.name).join(", ")}; edge on http://localhost:${
    Deno.env.get("PORT") ?? 8080
  }, site on ${Deno.env.get("SITE_BASE_URL") ?? "http://localhost:8081"}, console on ${
    Deno.env.get("CONSOLE_BASE_URL") ?? "http://localhost:8082"
  } (sign in with a partner admin's address; the link arrives in .local/mail)`,
);

async function prefixLines(stream: ReadableStream<Uint8Array>, name: string) {
  const tag = `${name.padEnd(6)}| `;
  let rest = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) console.log(tag + line);
  }
  if (rest) console.log(tag + rest);
}

let stopping = false;
const stop = (signal: Deno.Signal) => {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    try {
      child.kill(signal);
    } catch { /* already exited */ }
  }
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => stop(signal));
}

// One service dying takes the others down, so a broken dev stack is never half-running.
const first = await Promise.race(
  children.map(async ({ name, child }) => ({ name, status: await child.status })),
);
if (!stopping) step(`${first.name} exited with code ${first.status.code}; stopping the rest`);
stop("SIGTERM");
await Promise.all(children.map(({ child }) => child.status));
await mail.stop();
Deno.exit(stopping ? 0 : 1);
