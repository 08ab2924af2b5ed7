/**
 * docker-compose.yml read as Compose reads it (YAML merge keys resolved): what it publishes,
 * how each service logs in to Postgres, and that no secret has a value of its own. Docker is
 * not needed; `docker compose config` checks the rest of the file where it is installed.
 */
import assert from "node:assert/strict";
import { parse } from "yaml";
import { SERVICE_ROLES } from "@hire/db";
import { loginOf, passwordVariable } from "../local/db_logins.ts";

interface Service {
  image?: string;
  command?: string[];
  cpu_shares?: number;
  ports?: unknown[];
  expose?: unknown[];
  environment?: Record<string, string | number>;
}

const compose = parse(
  await Deno.readTextFile(new URL("../../docker-compose.yml", import.meta.url)),
  { merge: true },
) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
/** The services that run this repository's image (`x-app`). */
const apps = services.filter(([, s]) => s.image === "hire-app:local");

/** `${NAME:?message}`: a variable Compose refuses to start without; its NAME, else undefined. */
function required(value: string): string | undefined {
  return /^\$\{([A-Z][A-Z0-9_]*):\?[^}]+\}$/.exec(value)?.[1];
}

Deno.test("compose: only the edge, the public site and the console publish ports", () => {
  const published = services.filter(([, s]) => s.ports || s.expose).map(([name]) => name);
  assert.deepEqual(published.sort(), ["console", "edge", "site"]);
  assert.deepEqual(compose.services.console!.ports, ["8082:8082"]);
  assert.deepEqual(compose.services.edge!.ports, ["8080:8080"]);
  assert.deepEqual(compose.services.site!.ports, ["8081:8081"]);
});

Deno.test("compose: each app service logs in to Postgres as its own role, init as the owner", () => {
  const urls = Object.fromEntries(
    apps.map(([name, s]) => [name, String(s.environment?.DATABASE_URL ?? "")]),
  );
  const user = (url: string) => /^postgres:\/\/([^:@/]+):(.+)@postgres:5432\/hire$/.exec(url);
  for (const [kind, role] of Object.entries(SERVICE_ROLES)) {
    const m = user(urls[kind] ?? "");
    assert.ok(m, `${kind}: DATABASE_URL ${urls[kind]}`);
    assert.equal(m[1], loginOf(role), kind);
    assert.equal(required(m[2]!), passwordVariable(kind), kind);
  }
  const owner = user(urls.init ?? "");
  assert.equal(owner?.[1], "postgres");
  assert.equal(required(owner![2]!), "POSTGRES_PASSWORD");
  assert.equal(
    required(String(compose.services.postgres!.environment!.POSTGRES_PASSWORD)),
    "POSTGRES_PASSWORD",
  );
  // Every app service but init is one of the roles: none is left on the owner's login.
  assert.deepEqual(
    apps.map(([name]) => name).filter((n) => n !== "init").sort(),
    Object.keys(SERVICE_ROLES).sort(),
  );
  // init sets every login's password, each from its required variable.
  const initEnv = compose.services.init!.environment!;
  for (const kind of Object.keys(SERVICE_ROLES)) {
    const name = passwordVariable(kind);
    assert.equal(required(String(initEnv[name])), name);
  }
});

Deno.test("compose: no password, key or secret has a value of its own", () => {
  const secretName = /PASSWORD|SECRET|_KEY$|_KEYS$|TOKEN/;
  const strays: string[] = [];
  for (const [name, s] of services) {
    for (const [key, raw] of Object.entries(s.environment ?? {})) {
      const value = String(raw);
      if (secretName.test(key) && !required(value)) strays.push(`${name}.${key}`);
      // A URL's password is a required variable too (SMTP_URL's default has none).
      const userinfo = /^[a-z]+:\/\/[^/@:]*:([^@]*)@/.exec(value);
      if (userinfo && !required(userinfo[1]!)) strays.push(`${name}.${key}`);
    }
  }
  assert.deepEqual(strays, []);
});

Deno.test("compose: every app service runs in production; the edge and delivery require the secret keys", () => {
  for (const [name, s] of apps) assert.equal(s.environment?.HIRE_ENV, "production", name);
  for (const name of ["edge", "delivery"]) {
    assert.equal(
      required(String(compose.services[name]!.environment!.WEBHOOK_SECRET_KEYS)),
      "WEBHOOK_SECRET_KEYS",
      name,
    );
  }
});

Deno.test("compose: the embedding service's container gives way to the API's, as nice 10 would", () => {
  const weights = Object.fromEntries(apps.map(([name, s]) => [name, s.cpu_shares ?? 1024]));
  assert.equal(weights.embedding, 110);
  for (const api of ["edge", "job"]) assert.equal(weights[api], 1024, api);
});

Deno.test("compose: Postgres's cache is sized for the vector tables, not left at 128 MB", () => {
  assert.deepEqual(compose.services.postgres!.command, [
    "postgres",
    "-c",
    "shared_buffers=${POSTGRES_SHARED_BUFFERS:-2GB}",
  ]);
});
